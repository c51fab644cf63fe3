/* --focus and --hide: one transform of the model, made between reading the
 * profile and the reports, so that every report shows its result.
 *
 * --hide=RE takes the functions whose names match out of the call graph:
 * each one's self cost goes to its callers and its calls become calls of
 * its callers, shared out in proportion to what each caller's calls to it
 * cost, so that totals do not change.  A hidden function that no other
 * function calls has nobody to give its cost to: it keeps its self cost
 * and loses its calls, which makes its callees roots.
 *
 * --focus=RE then keeps the functions on call paths through a match: the
 * matches, their callers and callees, transitively, with the calls among
 * them.  They keep their own figures (self cost, and the called and
 * outgoing sums that their inclusive costs come from); the calls to
 * functions left out are gone from the call lists.  For a stack view the
 * graph stays whole: the matches are marked and only the stacks through
 * one are shown. */
#ifndef CGA_CALC_FOCUS_H
#define CGA_CALC_FOCUS_H

#include <stdbool.h>

#include "model-profile.h"
#include "options.h"

struct focus;

/* The compiled --focus and --hide expressions of OPT (POSIX extended), or
 * NULL when there are none.  Dies with EXIT_USAGE naming an invalid one. */
struct focus *focus_new(const struct options *opt);
void focus_free(struct focus *f);

/* Apply F to P: hide, then focus.  STACKS: the report shows call stacks,
 * so focus only marks the matches.  Warns about an expression that matches
 * no function. */
void focus_apply(const struct focus *f, struct profile *p, bool stacks);

#endif
