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

/* What else is made from each event's stacks while they are at hand:
 * ADD(ARG, S, W, K) for the stacks S of event K and the widths W of their
 * frames (stacks_widths). */
struct estimate_also {
	void (*add)(void *arg, const struct stacks *s, const cost_t *w, size_t k);
	void *arg;
};

/* estimate_compute, and ALSO (unless NULL) from the same stacks. */
bool estimate_compute_also(struct profile *p, struct stackset *set,
			   const struct estimate_also *also);

/* The same from stacks made here: of EVENT, or with ALL of every event.
 * The profile must not be one of differences (negative costs). */
bool estimate_events(struct profile *p, size_t event, bool all);

/* F's inclusive estimate of event K: its estimate, or where it has none
 * its inclusive cost (f->total, as inclusive_compute left it). */
cost_t estimate_of(const struct func *f, size_t k);

/* The estimated cost of P's calls, from the stacks S of one event: of each
 * call, the stacks in which the callee's frame is right above the
 * caller's (what a flame graph draws of the callee above the caller's
 * frames).  Unlike a call's recorded cost, which inside a cycle of calls
 * counts nested activations again, it is a share of the total.  Calls of
 * code inlined into a function are that function's.  A new table. */
struct call_estimates *estimate_calls(const struct profile *p, const struct stacks *s);
/* The estimate of call E (of the profile of M), 0 when no stack has it. */
cost_t call_estimate_of(const struct call_estimates *m, const struct edge *e);
void call_estimates_free(struct call_estimates *m);

/* In P, the difference of OLD and NEW (each read on its own, with its
 * estimates made), every function's estimate is NEW's less OLD's: no
 * difference of sums, as the stacks of each side are its own.  A function
 * held by its host on both sides keeps none (its inclusive cost's change). */
void estimate_subtract(struct profile *p, const struct profile *old, const struct profile *new);

#endif
