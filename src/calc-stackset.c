#include "calc-stackset.h"

#include <stdlib.h>

#include "cpus.h"
#include "diag.h"
#include "xalloc.h"

/* Take the next event to estimate, or none (SIZE_MAX). */
static size_t take(struct stackset *set)
{
	size_t k = SIZE_MAX;

	pthread_mutex_lock(&set->lock);
	if (set->next < set->ntodo)
		k = set->todo[set->next++];
	pthread_mutex_unlock(&set->lock);
	return k;
}

static void estimate_one(struct stackset *set, struct stack_graph *g, size_t k)
{
	stacks_estimate_on(&set->stacks[k], g, set->p, k);
	pthread_mutex_lock(&set->lock);
	set->of[k] = &set->stacks[k];
	pthread_cond_broadcast(&set->ready);
	pthread_mutex_unlock(&set->lock);
}

/* A worker: events in turn until none is left, on a call graph of its
 * own (the estimate keeps its searches in it). */
static void *work(void *arg)
{
	struct stackset *set = arg;
	struct stack_graph *g = NULL;

	for (size_t k; (k = take(set)) != SIZE_MAX;) {
		if (g == NULL)
			g = stack_graph_new(set->p);
		estimate_one(set, g, k);
	}
	if (g != NULL)
		stack_graph_free(g);
	return NULL;
}

void stackset_start(struct stackset *set, const struct profile *p, const size_t *events,
		    size_t n, const struct stacks *primary, size_t primary_event)
{
	size_t nev = p->nevents, cpus = cpus_usable();

	set->p = p;
	set->stacks = xcalloc(nev + 1, sizeof(*set->stacks));
	set->made = xcalloc(nev + 1, sizeof(*set->made));
	set->asked = xcalloc(nev + 1, sizeof(*set->asked));
	set->of = xcalloc(nev + 1, sizeof(*set->of));
	set->todo = xcalloc(n + 1, sizeof(*set->todo));
	set->ntodo = set->next = set->nthreads = 0;
	set->graph = NULL;
	for (size_t i = 0; i < n; i++) {
		size_t k = events[i];

		set->asked[k] = true;
		if (primary != NULL && k == primary_event)
			set->of[k] = primary;
		else if (!set->made[k])
			set->todo[set->ntodo++] = k;
		set->made[k] |= set->of[k] == NULL;
	}
	pthread_mutex_init(&set->lock, NULL);
	pthread_cond_init(&set->ready, NULL);
	/* The taker has work of its own: workers on the other CPUs, no more
	 * than there are events. */
	while (set->nthreads + 1 < cpus && set->nthreads < 3 && set->nthreads < set->ntodo &&
	       pthread_create(&set->thread[set->nthreads], NULL, work, set) == 0)
		set->nthreads++;
}

bool stackset_has(const struct stackset *set, size_t event)
{
	return set->asked[event];
}

const struct stacks *stackset_wait(struct stackset *set, size_t event)
{
	const struct stacks *s;

	/* No worker: the taker estimates, events in turn up to this one. */
	while (set->nthreads == 0 && set->of[event] == NULL) {
		size_t k = take(set);

		if (set->graph == NULL)
			set->graph = stack_graph_new(set->p);
		estimate_one(set, set->graph, k);
	}
	pthread_mutex_lock(&set->lock);
	while (set->of[event] == NULL)
		pthread_cond_wait(&set->ready, &set->lock);
	s = set->of[event];
	pthread_mutex_unlock(&set->lock);
	return s;
}

void stackset_release(struct stackset *set)
{
	for (size_t t = 0; t < set->nthreads; t++)
		if (pthread_join(set->thread[t], NULL) != 0)
			die(EXIT_INPUT, "a thread estimating stacks could not be joined");
	for (size_t k = 0; k < set->p->nevents; k++)
		if (set->made[k] && set->of[k] != NULL)
			stacks_release(&set->stacks[k]);
	if (set->graph != NULL)
		stack_graph_free(set->graph);
	pthread_mutex_destroy(&set->lock);
	pthread_cond_destroy(&set->ready);
	free(set->stacks);
	free(set->made);
	free(set->asked);
	free(set->of);
	free(set->todo);
}
