/* --focus and --hide: transforms of the model, made between reading the
 * profile and the reports, so that every report shows their result.
 *
 * --hide=RE takes the functions whose names match out of the call graph:
 * each one's self cost goes to its callers and its calls become calls of
 * its callers, shared out in proportion to what each caller's calls to it
 * cost, so that totals do not change.  A hidden function that no other
 * function calls has nobody to give its cost to: it keeps its self cost
 * and loses its calls, which makes its callees roots.
 *
 * --focus=RE then keeps, as pprof does, only the cost incurred while a
 * function whose name matches is on the stack: the stacks of the estimate
 * (calc-stacks.h) with a matching frame.  Each function's self and
 * inclusive cost, and each call's cost, become the sums of those stacks
 * for the event the stacks were estimated for; for the other events each
 * figure keeps the share the stacks leave of it for that event.  Call
 * counts keep the share of their call's cost.  Functions and calls that
 * no stack kept goes through are left out. */
#ifndef CGA_CALC_FOCUS_H
#define CGA_CALC_FOCUS_H

#include <stdbool.h>

#include "calc-stacks.h"
#include "model-profile.h"
#include "options.h"

struct focus;

/* The compiled --focus and --hide expressions of OPT (POSIX extended), or
 * NULL when there are none.  Dies with EXIT_USAGE naming an invalid one. */
struct focus *focus_new(const struct options *opt);
void focus_free(struct focus *f);

/* Hide F's --hide functions in P (F may be NULL).  WARN: warn about an
 * expression that matches no function. */
void focus_hide(const struct focus *f, struct profile *p, bool warn);
/* Mark the functions that F's --focus expressions match and make P
 * focused, if there are any (WARN as for focus_hide). */
void focus_mark(const struct focus *f, struct profile *p, bool warn);
/* Make P's figures those of the stacks S shows (estimated for EVENT on P,
 * focused): see above. */
void focus_apply(struct profile *p, const struct stacks *s, size_t event);
/* Make the figures of P, a difference of the profiles OLD and NEW read
 * with the same options, NEW's minus OLD's after each got its fixed totals
 * (focus_apply, or inclusive_fix).  Functions and calls in neither are
 * left out. */
void focus_subtract(struct profile *p, const struct profile *old, const struct profile *new);

#endif
