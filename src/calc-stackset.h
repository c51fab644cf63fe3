/* The estimated stacks of several events of one profile, each as
 * stacks_estimate makes it (the stacks --format=folded writes with that
 * event as the primary one), made once for a view that needs every shown
 * event's (pprof).  They are made on threads of their own, as many as the
 * CPUs this process may use less the one that takes them, while the view
 * takes each in turn; on one CPU each is made when it is asked for. */
#ifndef CGA_CALC_STACKSET_H
#define CGA_CALC_STACKSET_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "calc-stacks.h"
#include "model-profile.h"

struct stackset {
	const struct profile *p;
	struct stacks *stacks;     /* by event index of the profile */
	bool *made;                /* by event index: estimated here */
	bool *asked;               /* by event index: among the events of the set */
	const struct stacks **of;  /* by event index: the stacks, once made */
	size_t *todo, ntodo;       /* the events to estimate, in order */
	size_t next;               /* the first of them no worker has taken */
	pthread_mutex_t lock;
	pthread_cond_t ready;      /* signalled when stacks are made */
	pthread_t thread[3];
	size_t nthreads;
	struct stack_graph *graph; /* the taker's own, when it estimates */
};

/* Start estimating the stacks of the N events EVENTS (indices into P's
 * events) of P, which must not change until stackset_release; PRIMARY,
 * unless NULL, holds those of event PRIMARY_EVENT, already made: borrowed,
 * not made again.  Dies as stacks_estimate does. */
void stackset_start(struct stackset *set, const struct profile *p, const size_t *events,
		    size_t n, const struct stacks *primary, size_t primary_event);
/* Whether EVENT is one of those asked for. */
bool stackset_has(const struct stackset *set, size_t event);
/* The stacks of EVENT (one of those asked for), once made. */
const struct stacks *stackset_wait(struct stackset *set, size_t event);
/* Wait for the workers and free every stack made. */
void stackset_release(struct stackset *set);

#endif
