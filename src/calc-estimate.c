#include "calc-estimate.h"

#include <stdlib.h>

#include "xalloc.h"

/* Per function and event: what one unit of the stacks' event carries of
 * that event, by count (RATE) or, where the function has no count of the
 * stacks' event, by width (RATE_W); a new array of nfuncs * nevents each. */
static void event_rates(const struct profile *p, const struct stacks *s, const cost_t *width,
			size_t primary, double **rate, double **rate_w)
{
	size_t nf = p->nfuncs, ne = p->nevents;
	double *count = xcalloc(nf ? nf : 1, sizeof(*count));
	double *wide = xcalloc(nf ? nf : 1, sizeof(*wide));

	*rate = xcalloc(nf * ne + 1, sizeof(**rate));
	*rate_w = xcalloc(nf * ne + 1, sizeof(**rate_w));
	for (size_t f = 0; f < s->n; f++) {
		count[s->frames[f].func->index] += (double)(uint64_t)s->frames[f].count;
		wide[s->frames[f].func->index] += (double)(uint64_t)width[f];
	}
	for (size_t i = 0; i < nf; i++) {
		const cost_t *self = p->func_list[i]->self;
		bool by_count = count[i] > 0 && self != NULL && self[primary] != COST_ABSENT &&
				self[primary] > 0;

		for (size_t k = 0; self != NULL && k < ne; k++) {
			double cost = self[k] == COST_ABSENT || self[k] <= 0 ? 0 : (double)self[k];

			if (by_count)
				(*rate)[i * ne + k] = cost / count[i];
			else if (wide[i] > 0)
				(*rate_w)[i * ne + k] = cost / wide[i];
		}
	}
	free(count);
	free(wide);
}

bool estimate_compute(struct profile *p, const struct stacks *s, size_t primary)
{
	size_t ne = p->nevents, nf = p->nfuncs;
	cost_t *width = stacks_widths(s);
	bool *is_node = xcalloc(nf ? nf : 1, sizeof(*is_node));
	bool any_recursive = false;

	for (size_t f = 0; f < s->n; f++)
		is_node[s->frames[f].func->index] = true;
	for (size_t i = 0; i < nf; i++) {
		struct func *f = p->func_list[i];

		f->estimate = NULL;
		if (!is_node[i] && s->node[i] != i)
			continue;
		any_recursive |= f->recursive;
		f->estimate = arena_alloc(&p->arena, ne * sizeof(*f->estimate));
		for (size_t k = 0; k < ne; k++)
			f->estimate[k] = k == primary ? 0 : COST_ABSENT;
	}
	for (size_t f = 0; f < s->n; f++)
		((struct func *)s->frames[f].func)->estimate[primary] += width[f];
	/* The other events, for recursive functions: each frame's own part of
	 * every event, summed up the stacks in one pass. */
	if (any_recursive && ne > 1) {
		double *rate, *rate_w, *wk = xcalloc(s->n * ne + 1, sizeof(*wk));
		double *sum = xcalloc(nf * ne + 1, sizeof(*sum));

		event_rates(p, s, width, primary, &rate, &rate_w);
		for (size_t f = s->n; f-- > 0;) {
			size_t i = s->frames[f].func->index, up = s->frames[f].parent;
			double c = (double)(uint64_t)s->frames[f].count, w = (double)(uint64_t)width[f];
			double *row = wk + f * ne;

			for (size_t k = 0; k < ne; k++) {
				row[k] += c * rate[i * ne + k] + w * rate_w[i * ne + k];
				sum[i * ne + k] += row[k];
				if (up != STACKS_ROOT)
					wk[up * ne + k] += row[k];
			}
		}
		for (size_t i = 0; i < nf; i++)
			for (size_t k = 0; k < ne; k++)
				if (k != primary && p->func_list[i]->recursive &&
				    p->func_list[i]->estimate != NULL)
					p->func_list[i]->estimate[k] = (cost_t)(sum[i * ne + k] + 0.5);
		free(rate);
		free(rate_w);
		free(wk);
		free(sum);
	}
	free(width);
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
