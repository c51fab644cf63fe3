#include "calc-compare.h"

#include <stdlib.h>
#include <string.h>

#include "calc-table.h"
#include "fmt-num.h"
#include "xalloc.h"

struct entry {
	const struct func *f;
	size_t profile;
};

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->f->fullname, y->f->fullname);

	return c ? c : (x->profile > y->profile) - (x->profile < y->profile);
}

cost_t compare_value(const struct compare_row *row, size_t j, size_t event)
{
	cost_t x = row->v[j] != NULL ? row->v[j][event] : COST_ABSENT;

	return x == COST_ABSENT ? 0 : x;
}

static cost_t size_of(cost_t x)
{
	return x < 0 ? -x : x;
}

static int row_cmp(const void *a, const void *b, void *arg)
{
	const struct compare_row *x = a, *y = b;
	const struct comparison *cmp = arg;
	cost_t bx, by;

	if (x->change != y->change)
		return x->change > y->change ? -1 : 1;
	bx = compare_value(x, cmp->base, cmp->primary);
	by = compare_value(y, cmp->base, cmp->primary);
	if (bx != by)
		return bx > by ? -1 : 1;
	return strcmp(x->fullname, y->fullname);
}

/* The rows: one per file:function that some profile has a figure for. */
static void make_rows(struct comparison *cmp)
{
	struct entry *e = NULL;
	size_t m = 0, cap = 0;

	for (size_t j = 0; j < cmp->n; j++)
		for (size_t i = 0; i < cmp->p[j]->nfuncs; i++) {
			const struct func *f = cmp->p[j]->func_list[i];

			if (f->total == NULL)
				continue;
			xgrow(&e, &cap, m + 1, sizeof(*e));
			e[m++] = (struct entry){ f, j };
		}
	if (m > 1)
		qsort(e, m, sizeof(*e), entry_cmp);
	cmp->rows = xcalloc(m + 1, sizeof(*cmp->rows));
	for (size_t i = 0; i < m; i++) {
		struct compare_row *r = &cmp->rows[cmp->nrows];

		if (cmp->nrows > 0 && strcmp(r[-1].fullname, e[i].f->fullname) == 0) {
			r[-1].v[e[i].profile] = e[i].f->total;
			continue;
		}
		r->fullname = e[i].f->fullname;
		r->file = e[i].f->key.file->name;
		r->name = e[i].f->key.name;
		r->object = e[i].f->object;
		r->v = xcalloc(cmp->n, sizeof(*r->v));
		r->v[e[i].profile] = e[i].f->total;
		cmp->nrows++;
	}
	free(e);
}

void compare_build(struct comparison *cmp, const struct profile *const *p, size_t n,
		   size_t base, size_t primary, const struct options *opt)
{
	double limit = options_threshold_value(opt->threshold);
	cost_t all = 0, acc = 0;

	memset(cmp, 0, sizeof(*cmp));
	cmp->p = p;
	cmp->n = n;
	cmp->base = base;
	cmp->primary = primary;
	cmp->totals = xcalloc(n, sizeof(*cmp->totals));
	for (size_t j = 0; j < n; j++) {
		cmp->totals[j] = xcalloc(p[j]->nevents + 1, sizeof(**cmp->totals));
		for (size_t k = 0; k < p[j]->nevents; k++)
			cmp->totals[j][k] = table_program_total(p[j], k);
	}
	make_rows(cmp);
	for (size_t i = 0; i < cmp->nrows; i++) {
		struct compare_row *r = &cmp->rows[i];
		cost_t b = compare_value(r, base, primary);

		for (size_t j = 0; j < n; j++)
			if (size_of(compare_value(r, j, primary) - b) > r->change)
				r->change = size_of(compare_value(r, j, primary) - b);
		all += r->change;
	}
	if (cmp->nrows > 1)
		qsort_r(cmp->rows, cmp->nrows, sizeof(*cmp->rows), row_cmp, cmp);
	/* As a diff's table: rows until their changes make the threshold's
	 * share of all changes; none if nothing changed. */
	for (cmp->nshown = 0; cmp->nshown < cmp->nrows; cmp->nshown++) {
		if (limit < 100 && (all == 0 || numfmt_ratio100(acc, all) >= limit))
			break;
		acc += cmp->rows[cmp->nshown].change;
	}
}

void compare_release(struct comparison *cmp)
{
	for (size_t i = 0; i < cmp->nrows; i++)
		free(cmp->rows[i].v);
	for (size_t j = 0; j < cmp->n; j++)
		free(cmp->totals[j]);
	free(cmp->totals);
	free(cmp->rows);
	memset(cmp, 0, sizeof(*cmp));
}
