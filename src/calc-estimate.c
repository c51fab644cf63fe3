#include "calc-estimate.h"

#include <stdlib.h>

#include "xalloc.h"

static bool negative_self(const struct profile *p)
{
	for (size_t i = 0; i < p->nfuncs; i++) {
		const cost_t *self = p->func_list[i]->self;

		for (size_t k = 0; self != NULL && k < p->nevents; k++)
			if (self[k] != COST_ABSENT && self[k] < 0)
				return true;
	}
	return false;
}

/* Add the widths of S's frames, event K, to the estimates of the
 * functions they are frames of (a function is at most once on a stack),
 * and give them to ALSO. */
static void add_widths(const struct stacks *s, size_t k, const struct estimate_also *also)
{
	cost_t *w = stacks_widths(s);

	for (size_t f = 0; f < s->n; f++) {
		struct func *fn = (struct func *)s->frames[f].func;

		fn->estimate[k] += w[f];
	}
	if (also != NULL)
		also->add(also->arg, s, w, k);
	free(w);
}

bool estimate_compute(struct profile *p, const struct stacks *primary, size_t event)
{
	return estimate_compute_also(p, primary, event, NULL);
}

bool estimate_compute_also(struct profile *p, const struct stacks *primary, size_t event,
			   const struct estimate_also *also)
{
	struct stack_graph *g;

	if (negative_self(p))
		return false;
	g = stack_graph_new(p);
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		f->estimate = NULL;
		if (stack_graph_node(g, i) == i) {
			f->estimate = arena_alloc(&p->arena, p->nevents * sizeof(*f->estimate));
			for (size_t k = 0; k < p->nevents; k++)
				f->estimate[k] = 0;
		}
	}
	for (size_t k = 0; k < p->nevents; k++) {
		struct stacks s;

		if (primary != NULL && k == event) {
			add_widths(primary, k, also);
			continue;
		}
		stacks_estimate_on(&s, g, p, k);
		add_widths(&s, k, also);
		stacks_release(&s);
	}
	stack_graph_free(g);
	return true;
}

cost_t estimate_of(const struct func *f, size_t k)
{
	if (f->estimate != NULL)
		return f->estimate[k];
	return f->total != NULL ? f->total[k] : COST_ABSENT;
}
