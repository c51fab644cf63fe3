#include "calc-estimate.h"

#include <stdlib.h>

#include "xalloc.h"

/* What each frame's stacks hold of event K, in real numbers: each frame
 * holds its node's cost of event K in the share it holds of its cost of
 * the stacks' event (by its count; where the node has none of that event,
 * by its width).  WIDTH: the frames' widths of the stacks' event; the
 * result into WK. */
static void event_widths(const struct profile *p, const struct stacks *s, const cost_t *width,
			 size_t primary, size_t k, double *wk)
{
	size_t nf = p->nfuncs;
	double *byself = xcalloc(nf ? nf : 1, sizeof(*byself));
	double *bywidth = xcalloc(nf ? nf : 1, sizeof(*bywidth));

	/* Per node, the event's cost over the stacks' event cost (or width). */
	for (size_t f = 0; f < s->n; f++) {
		byself[s->frames[f].func->index] += (double)(uint64_t)s->frames[f].count;
		bywidth[s->frames[f].func->index] += (double)(uint64_t)width[f];
	}
	for (size_t i = 0; i < nf; i++) {
		const cost_t *self = p->func_list[i]->self;
		double cost = self == NULL || self[k] == COST_ABSENT || self[k] <= 0 ? 0 : (double)self[k];

		if (byself[i] > 0 && self != NULL && self[primary] != COST_ABSENT && self[primary] > 0) {
			byself[i] = cost / byself[i];
			bywidth[i] = 0;
		} else {
			byself[i] = 0;
			bywidth[i] = bywidth[i] > 0 ? cost / bywidth[i] : 0;
		}
	}
	for (size_t f = 0; f < s->n; f++) {
		size_t i = s->frames[f].func->index;

		wk[f] = (double)(uint64_t)s->frames[f].count * byself[i] +
			(double)(uint64_t)width[f] * bywidth[i];
	}
	for (size_t f = s->n; f-- > 0;)
		if (s->frames[f].parent != STACKS_ROOT)
			wk[s->frames[f].parent] += wk[f];
	free(byself);
	free(bywidth);
}

bool estimate_compute(struct profile *p, const struct stacks *s, size_t primary)
{
	cost_t *width = stacks_widths(s);
	double *wk = xcalloc(s->n ? s->n : 1, sizeof(*wk));
	bool *is_node = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*is_node));
	bool any_recursive = false;

	for (size_t f = 0; f < s->n; f++)
		is_node[s->frames[f].func->index] = true;
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		f->estimate = NULL;
		if (!is_node[i] && s->node[i] != i)
			continue;
		any_recursive |= f->recursive;
		f->estimate = arena_alloc(&p->arena, p->nevents * sizeof(*f->estimate));
		for (size_t k = 0; k < p->nevents; k++)
			f->estimate[k] = k == primary ? 0 : COST_ABSENT;
	}
	for (size_t f = 0; f < s->n; f++)
		((struct func *)s->frames[f].func)->estimate[primary] += width[f];
	for (size_t k = 0; k < p->nevents && any_recursive; k++) {
		double *sum;

		if (k == primary)
			continue;
		event_widths(p, s, width, primary, k, wk);
		sum = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*sum));
		for (size_t f = 0; f < s->n; f++)
			sum[s->frames[f].func->index] += wk[f];
		for (size_t i = 0; i < p->nfuncs; i++)
			if (p->func_list[i]->recursive && p->func_list[i]->estimate != NULL)
				p->func_list[i]->estimate[k] = (cost_t)(sum[i] + 0.5);
		free(sum);
	}
	free(width);
	free(wk);
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
