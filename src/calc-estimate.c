#include "calc-estimate.h"

#include <stdlib.h>

#include "xalloc.h"

bool estimate_compute(struct profile *p, struct stackset *set)
{
	bool *is_node = xcalloc(p->nfuncs + 1, sizeof(*is_node));
	const struct stacks *any = NULL;

	for (size_t k = 0; k < p->nevents && any == NULL; k++)
		if (stackset_has(set, k))
			any = stackset_wait(set, k);
	if (any == NULL) {
		free(is_node);
		return false;
	}
	for (size_t f = 0; f < any->n; f++)
		is_node[any->frames[f].func->index] = true;
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		f->estimate = NULL;
		if (!is_node[i] && any->node[i] != i)
			continue;
		f->estimate = arena_alloc(&p->arena, p->nevents * sizeof(*f->estimate));
		for (size_t k = 0; k < p->nevents; k++)
			f->estimate[k] = stackset_has(set, k) ? 0 : COST_ABSENT;
	}
	for (size_t k = 0; k < p->nevents; k++) {
		const struct stacks *s;
		cost_t *w;

		if (!stackset_has(set, k))
			continue;
		s = stackset_wait(set, k);
		w = stacks_widths(s);
		for (size_t f = 0; f < s->n; f++) {
			struct func *fn = (struct func *)s->frames[f].func;

			if (fn->estimate != NULL)
				fn->estimate[k] += w[f];
		}
		free(w);
	}
	free(is_node);
	return true;
}

cost_t estimate_of(const struct func *f, size_t k)
{
	cost_t total = f->total != NULL ? f->total[k] : COST_ABSENT;

	/* No stack holds a cost the function does not have. */
	if (f->estimate == NULL || f->estimate[k] == COST_ABSENT ||
	    (f->estimate[k] == 0 && total == COST_ABSENT))
		return total;
	return f->estimate[k];
}
