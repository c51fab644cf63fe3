/* The estimated stacks of several events of one profile, each as
 * stacks_estimate makes it (the stacks --format=folded writes with that
 * event as the primary one), made once for a view that needs every shown
 * event's (pprof), on the CPUs this process may use. */
#ifndef CGA_CALC_STACKSET_H
#define CGA_CALC_STACKSET_H

#include <stdbool.h>
#include <stddef.h>

#include "calc-stacks.h"
#include "model-profile.h"

struct stackset {
	struct stacks *stacks;     /* by event index of the profile */
	bool *made;                /* by event index: estimated here */
	const struct stacks **of;  /* by event index: the stacks, or NULL */
	size_t nevents;
};

/* Estimate the stacks of the N events EVENTS (indices into P's events) of
 * P; PRIMARY, unless NULL, holds those of event PRIMARY_EVENT, already
 * made: borrowed, not made again.  Dies as stacks_estimate does. */
void stackset_make(struct stackset *set, const struct profile *p, const size_t *events, size_t n,
		   const struct stacks *primary, size_t primary_event);
void stackset_release(struct stackset *set);

#endif
