/* Each function's inclusive estimate: the cost of the estimated stacks
 * (calc-stacks.h) that contain it.
 *
 * For the event the stacks were estimated for, it is what folded stacks
 * and flame graphs add up to for the function: equal to its inclusive
 * cost where the profile proves that (a function outside cycles of calls,
 * in a profile that agrees with itself), and where it only bounds it (a
 * member of a cycle, a function that calls itself) the estimate views
 * show beside the bound, labelled as such.  For the other events, the
 * same stacks carry each function's cost of that event, shared among its
 * stacks as its cost of the stacks' event is: a recursive function's
 * estimate is the sum of those; any other function's is its inclusive
 * cost, which is exact.  (Estimating stacks for every event would take as
 * many times as long, for figures that differ where nothing is proven.)
 * A function held by another in the stacks (code inlined from another
 * file, code reached by a jump) has no frames of its own: its estimate is
 * its inclusive cost. */
#ifndef CGA_CALC_ESTIMATE_H
#define CGA_CALC_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "calc-stacks.h"
#include "model-profile.h"

/* Set every function's estimate (one count per event of P, COST_ABSENT
 * where it is its inclusive cost) from the stacks S estimated for event
 * EVENT.  cycles_mark must have run.  Returns true. */
bool estimate_compute(struct profile *p, const struct stacks *s, size_t event);

/* F's inclusive estimate of event K: its estimate, or where it has none
 * its inclusive cost (f->total, as inclusive_compute left it). */
cost_t estimate_of(const struct func *f, size_t k);

#endif
