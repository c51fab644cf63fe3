/* What a sum of profiles cannot give, from the profiles read again apart,
 * each on its own: a diff's focus, bounds and estimates (NEW's less OLD's),
 * its gates' verdicts, its flame tree; and --compare's table. */
#ifndef CGA_PIPELINE_APART_H
#define CGA_PIPELINE_APART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "calc-flame.h"
#include "calc-focus.h"
#include "calc-gate.h"
#include "calc-group.h"
#include "model-profile.h"
#include "pipeline-read.h"

/* What the views of a diff take from OLD and NEW read apart (read_sides). */
struct apart_needs {
	struct flame *fl;          /* the differential flame tree, each side's stacks
				      added as that side */
	bool focused;              /* each side's figures focused from those stacks */
	bool inclusive;            /* each side's inclusive costs taken on its own,
				      for focus_subtract */
	bool cycles;               /* each side's cycles marked (NEW's numbering) */
	bool estimates;            /* each side's inclusive estimates */
	bool all_events;           /* of every event, not only the primary one */
	enum group_by by;          /* the flame tree's frames: of groups, or functions */
};

/* Each side hidden and marked as the report is, and given what N says. */
void apart(struct profile side[2], struct focus *focus, size_t event,
	   const struct apart_needs *n);

/* Which estimates a diff's view wants (diff_apart). */
enum { ESTIMATES_PRIMARY = 1, ESTIMATES_ALL = 2 };

/* What a difference of sums cannot give, from OLD and NEW read again
 * apart, once for all: P focused (NEW's less OLD's, each from its own
 * stacks), or else the inclusive costs of its recursive functions (the
 * larger of two lower bounds, a maximum, taken on each side); with
 * ESTIMATES (ESTIMATES_*) every function's inclusive estimate, NEW's less
 * OLD's; P's cycles numbered as NEW numbers its own; and with FL a page's
 * differential flame tree.  Standard input cannot be read twice: focus is
 * then a usage error, and recursive functions show the change of their
 * first bound, with a warning.  Returns whether FL was made. */
bool diff_apart(struct profile *p, const struct reading *r, struct focus *focus,
		size_t event, struct flame *fl, unsigned estimates);

/* In a diff P, the groups GROUPS whose inclusive costs are no sums get
 * NEW's bound less OLD's, from OLD and NEW read again apart and grouped
 * each, as a recursive function does (see diff_apart). */
void diff_group_bounds(struct grouping *groups, struct profile *p, const struct reading *r,
		       struct focus *focus, size_t event);

/* The verdicts of R's gates: OLD and NEW read again apart, each as a
 * diff's views take it, with the estimates of the recursive functions
 * the gates look at. */
void judge_gates(struct gates *g, const struct reading *r, struct focus *focus);

/* --compare: each profile read on its own (the first from IN), its
 * figures those of its table, all in one table. */
void print_comparison(FILE *out, const struct reading *r, struct input *in,
		      struct focus *focus);

#endif
