/* Each function's inclusive estimate: the cost of the estimated stacks
 * (calc-stacks.h) that contain it, for every event.
 *
 * It is what folded stacks and flame graphs add up to for the function.
 * Where the profile proves the inclusive cost (a function outside cycles
 * of calls, in a profile that agrees with itself), the two are equal;
 * where it only bounds it (a member of a cycle, a function that calls
 * itself), the estimate is what the views show beside the bound, labelled
 * as such.  A function held by another in the stacks (code inlined from
 * another file, code reached by a jump) has no frames of its own: its
 * estimate is left NULL, which means its inclusive cost. */
#ifndef CGA_CALC_ESTIMATE_H
#define CGA_CALC_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "calc-stacks.h"
#include "model-profile.h"

/* Set every function's estimate (one count per event of P) from stacks
 * estimated for each event; PRIMARY, unless NULL, holds those already
 * made for event EVENT.  Returns false, setting nothing, when some self
 * cost is negative (a profile of differences: no stack holds it). */
bool estimate_compute(struct profile *p, const struct stacks *primary, size_t event);

/* What else is made from each event's stacks while they are at hand:
 * ADD(ARG, S, W, K) for the stacks S of event K and the widths W of their
 * frames (stacks_widths). */
struct estimate_also {
	void (*add)(void *arg, const struct stacks *s, const cost_t *w, size_t k);
	void *arg;
};

/* estimate_compute, and ALSO (unless NULL) from the same stacks. */
bool estimate_compute_also(struct profile *p, const struct stacks *primary, size_t event,
			   const struct estimate_also *also);

/* F's inclusive estimate of event K: its estimate, or where it has none
 * its inclusive cost (f->total, as inclusive_compute left it). */
cost_t estimate_of(const struct func *f, size_t k);

#endif
