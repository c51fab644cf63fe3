/* One report of a Callgrind profile, from the profile read to the report
 * written: what each kind of report takes from the model (NEED_*), and the
 * model as the run made it for the report's writer. */
#ifndef CGA_PIPELINE_RUN_H
#define CGA_PIPELINE_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "calc-estimate.h"
#include "calc-flame.h"
#include "calc-focus.h"
#include "calc-gate.h"
#include "calc-group.h"
#include "calc-stacks.h"
#include "calc-stackset.h"
#include "model-profile.h"
#include "options.h"
#include "pipeline-read.h"
#include "report-columns.h"

/* What a report takes from the model besides the profile as read. */
enum {
	NEED_LINES = 1 << 0,       /* per-line and per-instruction data */
	NEED_STACKS = 1 << 1,      /* the estimated stacks of the primary event */
	NEED_FLAME = 1 << 2,       /* their flame tree */
	NEED_CYCLES = 1 << 3,      /* cycles marked, a diff's or focus's figures fixed */
	NEED_ESTIMATES = 1 << 4,   /* every function's inclusive estimate of the primary event */
	NEED_PAGE_FLAME = 1 << 5,  /* the flame tree, where stacks can hold the costs */
	NEED_FUNC_LINES = 1 << 6,  /* each function's own lines */
	NEED_EVENT_STACKS = 1 << 7, /* the estimated stacks of every shown event */
	NEED_SHOWN_ESTIMATES = 1 << 8,  /* the estimates of every shown event, not only the
					   primary one's */
	NEED_ALL_ESTIMATES = 1 << 9,    /* ... of every event */
	NEED_LATER_ESTIMATES = 1 << 10, /* the stacks and every function's inclusive
					   estimate, made by the report itself while
					   it runs (the browser, on a thread) */
	NEED_CALLS = 1 << 11,      /* the estimated cost of the calls, from the stacks */
	NEED_GROUPS = 1 << 12,     /* --group-by's groups (and their estimates, with
				      NEED_ESTIMATES) */
};

/* Everything one report of a Callgrind profile is made from: the model
 * read, transformed and computed as its report_kind needs. */
struct run {
	const struct options *opt;
	struct reading r;
	struct focus *focus;
	struct profile p;
	struct columns cols;
	struct stacks stacks;      /* the primary event's, when made */
	struct stackset set;       /* every event's the report shows, when made */
	bool have_set;
	struct flame fl;           /* their flame tree, when made */
	bool have_stacks, have_flame;
	struct call_estimates *calls;  /* the estimated cost of the calls, when made */
	unsigned needs;            /* what the report takes from the model (NEED_*) */
	struct grouping *groups;   /* --group-by's groups, when made */
	struct gates gates;        /* the verdicts of --fail-above, if any */
};

struct report_kind {
	enum output_format format;
	unsigned needs;
	void (*write)(struct run *run, FILE *out);
	/* What must hold before the profile is read, or NULL. */
	void (*ready)(const struct options *opt);
};

/* The report of FORMAT. */
const struct report_kind *report_kind_of(enum output_format format);

/* The needs of KIND's report with OPT, of a profile FOCUSED or not, with
 * NEGATIVE self costs or not. */
unsigned report_needs(const struct report_kind *kind, const struct options *opt,
		      bool focused, bool negative);

#endif
