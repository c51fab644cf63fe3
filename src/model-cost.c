#include "model-cost.h"

#include <stdlib.h>

#include "diag.h"

cost_t *cost_new(struct arena *a, size_t n)
{
	cost_t *v = arena_alloc(a, n * sizeof(*v));

	cost_clear(v, n);
	return v;
}

void cost_clear(cost_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		v[i] = COST_ABSENT;
}

void cost_add_checked(cost_t *dst, const cost_t *src, size_t n)
{
	if (!cost_add(dst, src, n))
		die(EXIT_INPUT, "a sum of counts does not fit in 64 bits");
}

bool cost_is_zero(const cost_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] != COST_ABSENT && v[i] > 0)
			return false;
	return true;
}

int cost_cmp_desc(const cost_t *a, const cost_t *b, const size_t *order, size_t norder)
{
	for (size_t k = 0; k < norder; k++) {
		cost_t x = a ? cost_sort_value(a[order[k]]) : -1;
		cost_t y = b ? cost_sort_value(b[order[k]]) : -1;

		if (x != y)
			return x > y ? -1 : 1;
	}
	return 0;
}

struct remainder {
	unsigned __int128 r;
	size_t i;
};

static int remainder_cmp(const void *a, const void *b)
{
	const struct remainder *x = a, *y = b;

	if (x->r != y->r)
		return x->r > y->r ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* Exact: |V| and each weight are below 2^64, so their product fits in
 * 128 unsigned bits, and so does the sum of fewer than 2^64 weights. */
void cost_apportion(cost_t v, const uint64_t *w, size_t n, cost_t *out)
{
	unsigned __int128 mag = (unsigned __int128)(v < 0 ? -v : v), sum = 0, given = 0;
	struct remainder *rem;
	size_t left;

	/* The one weight (above 0, as the sum must be) takes all: most
	 * functions' self costs are on one stack. */
	if (n == 1) {
		out[0] = v;
		return;
	}
	for (size_t i = 0; i < n; i++)
		sum += w[i];
	rem = xmalloc((n ? n : 1) * sizeof(*rem));
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 x = mag * w[i];

		out[i] = (cost_t)(x / sum);
		given += x / sum;
		rem[i].r = x % sum;
		rem[i].i = i;
	}
	left = (size_t)(mag - given);   /* below n: each part lost less than 1 */
	if (left > 0) {
		qsort(rem, n, sizeof(*rem), remainder_cmp);
		for (size_t k = 0; k < left; k++)
			out[rem[k].i]++;
	}
	free(rem);
	if (v < 0)
		for (size_t i = 0; i < n; i++)
			out[i] = -out[i];
}
