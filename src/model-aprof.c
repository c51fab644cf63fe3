#include "model-aprof.h"

#include <stdlib.h>
#include <string.h>

void aprof_init(struct aprof *a, const char *path)
{
	memset(a, 0, sizeof(*a));
	a->path = path;
	arena_init(&a->arena);
}

void aprof_release(struct aprof *a)
{
	HASH_CLEAR(hh, a->by_id);
	HASH_CLEAR(hh, a->ctx_by_id);
	for (size_t i = 0; i < a->nroutines; i++)
		free(a->routines[i]->points);
	for (size_t i = 0; i < a->ncontexts; i++)
		free(a->contexts[i]);
	for (size_t i = 0; i < a->nroutines; i++)
		free(a->routines[i]);
	free(a->routines);
	free(a->contexts);
	free(a->comments);
	arena_release(&a->arena);
	memset(a, 0, sizeof(*a));
}

struct aprof_routine *aprof_find(const struct aprof *a, uint64_t id)
{
	struct aprof_routine *r;

	HASH_FIND(hh, a->by_id, &id, sizeof(id), r);
	return r;
}

bool aprof_fit_points(const struct aprof_point *p, size_t n, struct fit *f)
{
	double *x = xcalloc(n, sizeof(*x)), *y = xcalloc(n, sizeof(*y)), *w = xcalloc(n, sizeof(*w));
	size_t m = 0;
	bool ok;

	for (size_t i = 0; i < n; i++) {
		if (p[i].rms == 0 || p[i].min == 0 || p[i].max == 0 || p[i].sum == 0 || p[i].occ == 0)
			continue;
		x[m] = (double)p[i].rms;
		y[m] = (double)p[i].sum / (double)p[i].occ;
		w[m] = (double)p[i].occ;
		m++;
	}
	/* Two sizes always fit exactly: no evidence of a growth rate. */
	ok = m >= 3 && fit_power(x, y, w, m, f);
	free(x);
	free(y);
	free(w);
	return ok;
}
