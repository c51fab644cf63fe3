#include "calc-percall.h"

#include <stdlib.h>

#include "calc-cycles.h"
#include "calc-inclusive.h"
#include "xalloc.h"

cost_t percall_entries(const struct profile *p, const struct func *f)
{
	cost_t n = 0;

	if (f->whole != NULL)
		return f->whole->calls;
	for (const struct edge *e = f->in; e; e = e->next_in)
		if (e->key.caller != f && !(f->cycle != NULL && e->key.caller->cycle == f->cycle))
			n += edge_count(p, e);
	return n;
}

void percall_build(struct percall *pc, struct profile *p)
{
	size_t nrows;

	free(inclusive_compute(p, true, &nrows));
	pc->n = p->nfuncs;
	pc->incl = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*pc->incl));
	pc->entries = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*pc->entries));
	for (size_t i = 0; i < p->nfuncs; i++) {
		pc->incl[i] = p->func_list[i]->total;
		pc->entries[i] = percall_entries(p, p->func_list[i]);
	}
}

void percall_release(struct percall *pc)
{
	free(pc->incl);
	free(pc->entries);
	pc->incl = NULL;
	pc->entries = NULL;
	pc->n = 0;
}

void percall_of(const struct percall *pc, const struct func *f, size_t k, bool incl, cost_t *v,
		cost_t *n)
{
	const cost_t *c;

	if (f->whole != NULL) {
		c = incl ? f->whole->inclusive : f->whole->self;
		*n = f->whole->calls;
	} else {
		c = incl ? pc->incl[f->index] : f->self;
		*n = pc->entries[f->index];
	}
	*v = c != NULL ? c[k] : COST_ABSENT;
}

/* Whether F has a cost per call of event K, into *V / *N; in size with
 * MAGNITUDE. */
static bool value_of(const struct percall *pc, const struct func *f, size_t k, bool incl,
		     bool magnitude, cost_t *v, cost_t *n)
{
	percall_of(pc, f, k, incl, v, n);
	if (*v == COST_ABSENT || *n <= 0)
		return false;
	if (magnitude && *v < 0)
		*v = -*v;
	return true;
}

/* A / B against C / D (B, D > 0), exactly while the products fit. */
static int ratio_cmp(cost_t a, cost_t b, cost_t c, cost_t d)
{
	const cost_t fits = (cost_t)1 << 62;

	if (b < fits && d < fits) {
		cost_t x = a * d, y = c * b;

		return (x > y) - (x < y);
	}
	long double u = (long double)a / (long double)b, w = (long double)c / (long double)d;

	return (u > w) - (u < w);
}

int percall_cmp(const struct percall *pc, const struct func *f, const struct func *g, size_t k,
		bool incl, bool magnitude)
{
	cost_t a, b, c, d;
	bool x = value_of(pc, f, k, incl, magnitude, &a, &b);
	bool y = value_of(pc, g, k, incl, magnitude, &c, &d);

	if (!x || !y)
		return (int)y - (int)x;
	return -ratio_cmp(a, b, c, d);
}

cost_t percall_key(const struct percall *pc, const struct func *f, size_t k, bool incl,
		   bool magnitude)
{
	cost_t v, n;

	if (!value_of(pc, f, k, incl, magnitude, &v, &n))
		return -COST_MAX - 2;
	return v / n;
}
