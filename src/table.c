#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "inclusive.h"
#include "numfmt.h"
#include "xalloc.h"

static void add_to_summary(const struct profile *p, cost_t *summary, const cost_t *v)
{
	if (!cost_add(summary, v, p->nevents))
		die(EXIT_INPUT, "%s: the program total overflows 64 bits", p->path);
}

/* Multi-part profiles: the sum of each part's own total.  A part's total is
 * its summary:, else its totals: (an all-zero one counts as missing), else
 * the sum of its self costs.  Only when no part has a total is the summary
 * "calculated" from the table, as callgrind_annotate does. */
static void compute_summary(struct table *t, struct profile *p)
{
	size_t n = p->nevents;
	bool any = false;

	t->summary = cost_new(&p->arena, n);
	for (size_t i = 0; i < p->nparts; i++) {
		const struct part *part = &p->parts[i];

		if (part->summary && !cost_is_zero(part->summary, n)) {
			any = true;
			if (part->summary_len > t->summary_len)
				t->summary_len = part->summary_len;
		} else if (part->totals && !cost_is_zero(part->totals, n)) {
			any = true;
			if (part->totals_len > t->summary_len)
				t->summary_len = part->totals_len;
		}
	}
	if (!any) {
		t->calculated = true;
		for (size_t i = 0; i < t->nrows; i++)
			add_to_summary(p, t->summary, t->rows[i]->total);
	} else {
		for (size_t i = 0; i < p->nparts; i++) {
			const struct part *part = &p->parts[i];
			const cost_t *v = part->self_sum;

			if (part->summary && !cost_is_zero(part->summary, n))
				v = part->summary;
			else if (part->totals && !cost_is_zero(part->totals, n))
				v = part->totals;
			if (v != NULL)
				add_to_summary(p, t->summary, v);
		}
	}
	if (t->calculated || p->nparts > 1)
		for (size_t i = 0; i < n; i++)
			if (t->summary[i] != COST_ABSENT)
				t->summary_len = i + 1;
}

struct sort_spec {
	const size_t *order;
	size_t norder;
};

static int row_cmp(const void *a, const void *b, void *arg)
{
	const struct sort_spec *spec = arg;
	const struct func *f = *(const struct func *const *)a;
	const struct func *g = *(const struct func *const *)b;
	int c = cost_cmp_desc(f->total, g->total, spec->order, spec->norder);

	return c ? c : strcmp(f->fullname, g->fullname);
}

static void set_thresholds(struct table *t, const struct options *opt, size_t nsort)
{
	t->thresholds = xmalloc(nsort * sizeof(*t->thresholds));
	t->threshold_values = xmalloc(nsort * sizeof(*t->threshold_values));
	for (size_t i = 0; i < nsort; i++) {
		const char *text = "0";

		if (opt->sort_thresholds) {
			if (opt->sort[i].threshold != NULL)
				text = opt->sort[i].threshold;
		} else if (i == 0) {
			text = opt->threshold;
		}
		t->thresholds[i] = text;
		t->threshold_values[i] = options_threshold_value(text);
	}
	/* The reference skips the walk only for a single threshold of 100. */
	t->filter = opt->sort_thresholds || options_threshold_value(opt->threshold) < 100;
}

/* callgrind_annotate stops before the first row at which every sort event
 * has reached its threshold.  In self mode it accumulates the rows' counts;
 * in inclusive mode it takes "total minus this row" (not a sum). */
static void walk_threshold(struct table *t, const struct profile *p, bool inclusive,
			   const size_t *sort, size_t nsort)
{
	int64_t *acc = xcalloc(nsort, sizeof(*acc));

	t->nshown = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const cost_t *v = t->rows[r]->total;

		if (t->filter) {
			bool reached = true;

			for (size_t k = 0; k < nsort && reached; k++) {
				cost_t total = t->summary[sort[k]];
				int64_t scaled;
				double prop;

				if (__builtin_mul_overflow(acc[k], (int64_t)100, &scaled))
					prop = (double)acc[k] * 100.0;
				else
					prop = (double)scaled;
				if (total != COST_ABSENT && total > 0)
					prop = numfmt_ratio100(acc[k], total);
				reached = prop >= t->threshold_values[k];
			}
			if (reached)
				break;
		}
		t->nshown++;
		for (size_t k = 0; k < nsort; k++) {
			cost_t x = v[sort[k]];

			if (x == COST_ABSENT)
				continue;
			if (inclusive) {
				cost_t total = t->summary[sort[k]];

				if (__builtin_sub_overflow(total == COST_ABSENT ? 0 : total, x, &acc[k]))
					die(EXIT_INPUT, "%s: the program total minus the inclusive cost of %s "
					    "overflows 64 bits", p->path, t->rows[r]->fullname);
			} else if (__builtin_add_overflow(acc[k], x, &acc[k])) {
				die(EXIT_INPUT, "%s: the sum of the functions' costs overflows 64 bits",
				    p->path);
			}
		}
	}
	free(acc);
}

size_t table_file_part(const char *fullname)
{
	const char *colon = strchr(fullname, ':');

	if (colon == NULL || colon[1] == '\0')
		return strlen(fullname);
	return (size_t)(colon - fullname);
}

static void collect_files(struct table *t, struct profile *p)
{
	t->files = xmalloc((t->nshown ? t->nshown : 1) * sizeof(*t->files));
	for (size_t r = 0; r < t->nshown; r++) {
		const char *full = t->rows[r]->fullname;
		const char *name = profile_intern(p, full, table_file_part(full));
		size_t j;

		for (j = 0; j < t->nfiles && t->files[j] != name; j++)
			;
		if (j == t->nfiles)
			t->files[t->nfiles++] = name;
	}
}

void table_build(struct table *t, struct profile *p, const struct options *opt,
		 const size_t *sort, size_t nsort)
{
	struct sort_spec spec = { sort, nsort };

	memset(t, 0, sizeof(*t));
	t->rows = inclusive_compute(p, opt->inclusive, &t->nrows);
	compute_summary(t, p);
	qsort_r(t->rows, t->nrows, sizeof(*t->rows), row_cmp, &spec);
	set_thresholds(t, opt, nsort);
	walk_threshold(t, p, opt->inclusive, sort, nsort);
	collect_files(t, p);
}

void table_release(struct table *t)
{
	free(t->rows);
	free(t->thresholds);
	free(t->threshold_values);
	free(t->files);
	memset(t, 0, sizeof(*t));
}
