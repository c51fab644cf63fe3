/* Each function's inclusive estimate: the cost of the estimated stacks
 * (calc-stacks.h) of an event that contain it, what folded stacks and
 * flame graphs with that event first add up to for the function.  Equal
 * to its inclusive cost where the profile proves that (a function outside
 * cycles of calls, in a profile that agrees with itself); where it only
 * bounds it (a member of a cycle, a function that calls itself), the
 * estimate views show beside the bound, labelled as such.
 *
 * The stacks of each event are made once (calc-stackset.h), for the events
 * a report shows estimates of: the primary event's (the flame graph's),
 * the shown events', or every event's; for any other event a function's
 * estimate is its inclusive cost.  A function held by another in the
 * stacks (code inlined from another file, code reached by a jump) has no
 * frames of its own: its estimate is its inclusive cost. */
#ifndef CGA_CALC_ESTIMATE_H
#define CGA_CALC_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "calc-stackset.h"
#include "model-profile.h"

/* Set every function's estimate (one count per event of P, COST_ABSENT for
 * an event SET has no stacks of) from the stacks of SET.  Returns false,
 * setting nothing, when SET has none. */
bool estimate_compute(struct profile *p, struct stackset *set);

/* F's inclusive estimate of event K: its estimate, or where it has none
 * its inclusive cost (f->total, as inclusive_compute left it). */
cost_t estimate_of(const struct func *f, size_t k);

#endif
