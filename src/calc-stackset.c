#include "calc-stackset.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "cpus.h"
#include "diag.h"
#include "xalloc.h"

/* The events left to estimate, taken in turn by every worker. */
struct queue {
	struct stackset *set;
	const struct profile *p;
	const size_t *todo;
	size_t n;
	_Atomic size_t next;
};

/* Estimate events from Q until none is left, on a call graph of this
 * worker's own (the estimate keeps its searches in it). */
static void *work(void *arg)
{
	struct queue *q = arg;
	struct stack_graph *g = NULL;

	for (size_t i; (i = atomic_fetch_add(&q->next, 1)) < q->n;) {
		size_t k = q->todo[i];

		if (g == NULL)
			g = stack_graph_new(q->p);
		stacks_estimate_on(&q->set->stacks[k], g, q->p, k);
		q->set->of[k] = &q->set->stacks[k];
	}
	if (g != NULL)
		stack_graph_free(g);
	return NULL;
}

void stackset_make(struct stackset *set, const struct profile *p, const size_t *events, size_t n,
		   const struct stacks *primary, size_t primary_event)
{
	size_t nev = p->nevents, ntodo = 0, nthreads;
	struct queue q = { set, p, NULL, 0, 0 };
	size_t *todo = xcalloc(n + 1, sizeof(*todo));
	pthread_t thread[3];

	set->nevents = nev;
	set->stacks = xcalloc(nev + 1, sizeof(*set->stacks));
	set->made = xcalloc(nev + 1, sizeof(*set->made));
	set->of = xcalloc(nev + 1, sizeof(*set->of));
	for (size_t i = 0; i < n; i++) {
		size_t k = events[i];

		if (primary != NULL && k == primary_event)
			set->of[k] = primary;
		else if (!set->made[k])
			todo[ntodo++] = k;
		set->made[k] = set->of[k] == NULL;
	}
	q.todo = todo;
	q.n = ntodo;
	/* Each worker builds a call graph of its own: more workers than
	 * events, or than CPUs, would only wait. */
	nthreads = cpus_usable();
	nthreads = nthreads > 4 ? 4 : nthreads;
	nthreads = nthreads > ntodo ? ntodo : nthreads;
	for (size_t t = 1; t < nthreads; t++)
		if (pthread_create(&thread[t - 1], NULL, work, &q) != 0)
			nthreads = t;
	work(&q);
	for (size_t t = 1; t < nthreads; t++)
		if (pthread_join(thread[t - 1], NULL) != 0)
			die(EXIT_INPUT, "a thread estimating stacks could not be joined");
	free(todo);
}

void stackset_release(struct stackset *set)
{
	for (size_t k = 0; k < set->nevents; k++)
		if (set->made[k])
			stacks_release(&set->stacks[k]);
	free(set->stacks);
	free(set->made);
	free(set->of);
}
