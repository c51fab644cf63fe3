#include "model-cost.h"

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
