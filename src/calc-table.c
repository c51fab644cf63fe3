#include "calc-table.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "calc-inclusive.h"
#include "fmt-num.h"
#include "keysort.h"
#include "xalloc.h"

/* A part's own total: its summary:, else its totals: (an all-zero one
 * counts as missing), else the sum of its self costs; *AS_ADDED tells
 * whether it is the sum (already negated in a diff's OLD part) rather than
 * a line kept as written.  NULL for a part that has none. */
static const cost_t *part_total(const struct part *part, size_t n, bool *as_added)
{
	*as_added = false;
	if (part->summary && !cost_is_zero(part->summary, n))
		return part->summary;
	if (part->totals && !cost_is_zero(part->totals, n))
		return part->totals;
	*as_added = true;
	return part->self_sum;
}

/* SUMMARY += V, or -= V with NEGATE; totals no input line is to blame for,
 * hence no line number. */
static void add_to_summary(const struct profile *p, cost_t *summary, const cost_t *v,
			   bool negate)
{
	size_t n = p->nevents;
	cost_t *tmp = NULL;
	bool ok;

	if (negate) {
		tmp = xmalloc(n * sizeof(*tmp));
		for (size_t i = 0; i < n; i++)
			tmp[i] = v[i] == COST_ABSENT ? COST_ABSENT : -v[i];
		v = tmp;
	}
	ok = cost_add(summary, v, n);
	free(tmp);
	if (!ok)
		die(EXIT_INPUT, "%s: the program total does not fit in 64 bits", p->path);
}

/* Multi-part profiles: the sum of each selected part's own total.  Only
 * when no part has a summary: or totals: line is the summary "calculated"
 * from the table, as callgrind_annotate does.  In a diff the OLD parts are
 * subtracted, and their totals are also the base of the percentages. */
static void compute_summary(struct table *t, struct profile *p)
{
	size_t n = p->nevents;
	bool any = false, as_added;

	t->summary = cost_new(&p->arena, n);
	t->base = t->summary;
	for (size_t i = 0; i < p->nparts; i++) {
		const struct part *part = &p->parts[i];
		const cost_t *v = part_total(part, n, &as_added);
		size_t len;

		if (part->skipped || v == NULL || as_added)
			continue;
		any = true;
		len = v == part->summary ? part->summary_len : part->totals_len;
		if (len > t->summary_len)
			t->summary_len = len;
	}
	if (!any && p->self_total != NULL) {
		/* --focus left functions out: the whole program's total. */
		t->calculated = true;
		add_to_summary(p, t->summary, p->self_total, false);
	} else if (!any) {
		t->calculated = true;
		for (size_t i = 0; i < t->nrows; i++)
			add_to_summary(p, t->summary, t->rows[i]->total, false);
	} else {
		for (size_t i = 0; i < p->nparts; i++) {
			const struct part *part = &p->parts[i];
			const cost_t *v = part_total(part, n, &as_added);

			if (!part->skipped && v != NULL)
				add_to_summary(p, t->summary, v, part->negated && !as_added);
		}
	}
	if (profile_is_diff(p)) {
		t->base = cost_new(&p->arena, n);
		for (size_t i = 0; i < p->nparts; i++) {
			const struct part *part = &p->parts[i];
			const cost_t *v = part_total(part, n, &as_added);

			if (!part->skipped && part->negated && v != NULL)
				add_to_summary(p, t->base, v, as_added);
		}
	}
	if (t->calculated || p->nparts > 1)
		for (size_t i = 0; i < n; i++)
			if (t->summary[i] != COST_ABSENT)
				t->summary_len = i + 1;
}

cost_t table_program_total(const struct profile *p, size_t event)
{
	cost_t sum = COST_ABSENT;
	bool as_added;

	for (size_t i = 0; i < p->nparts; i++) {
		const struct part *part = &p->parts[i];
		const cost_t *v = part->skipped ? NULL : part_total(part, p->nevents, &as_added);

		if (v != NULL && !cost_add(&sum, &v[event], 1))
			die(EXIT_INPUT, "%s: the program total does not fit in 64 bits", p->path);
	}
	return sum;
}

struct sort_spec {
	const size_t *order;
	size_t norder;
	bool by_magnitude;         /* a diff: the largest changes either way first */
	const struct sort_key *keys;    /* with PER_CALL: which sort by costs per call */
	const struct percall *per_call; /* NULL: no key does */
};

/* The size of a change; absent sorts below zero. */
static cost_t magnitude(cost_t c)
{
	return c == COST_ABSENT ? -1 : c < 0 ? -c : c;
}

static int magnitude_cmp(const cost_t *a, const cost_t *b, const size_t *order, size_t norder)
{
	for (size_t k = 0; k < norder; k++) {
		cost_t x = magnitude(a[order[k]]), y = magnitude(b[order[k]]);

		if (x != y)
			return x > y ? -1 : 1;
	}
	return 0;
}

/* By the sort keys of SPEC, some of them costs per call. */
static int per_call_cmp(const struct func *f, const struct func *g, const struct sort_spec *spec)
{
	for (size_t k = 0; k < spec->norder; k++) {
		enum per_call kind = spec->keys[k].per_call;
		int c;

		if (kind != PER_CALL_NONE)
			c = percall_cmp(spec->per_call, f, g, spec->order[k], kind == PER_CALL_INCL,
					spec->by_magnitude);
		else if (spec->by_magnitude)
			c = magnitude_cmp(f->total, g->total, spec->order + k, 1);
		else
			c = cost_cmp_desc(f->total, g->total, spec->order + k, 1);
		if (c != 0)
			return c;
	}
	return 0;
}

static int row_cmp(const struct func *f, const struct func *g, const struct sort_spec *spec)
{
	int c = spec->per_call != NULL ? per_call_cmp(f, g, spec)
		: spec->by_magnitude ? magnitude_cmp(f->total, g->total, spec->order, spec->norder)
		: cost_cmp_desc(f->total, g->total, spec->order, spec->norder);

	return c ? c : strcmp(f->fullname, g->fullname);
}

/* A row with the value it sorts by first: most comparisons then read no
 * function's costs, a cache miss each in a large profile.  Rows that
 * row_cmp finds equal keep their order (INDEX). */
struct keyed_row {
	cost_t key;
	struct func *f;
	size_t index;
};

static bool keyed_before(const struct keyed_row *x, const struct keyed_row *y,
			 const struct sort_spec *spec)
{
	int c;

	if (x->key != y->key)
		return x->key > y->key;
	c = row_cmp(x->f, y->f, spec);
	return c != 0 ? c < 0 : x->index < y->index;
}

/* The rows not yet taken, in a heap whose top is the next in sort order.
 * The text report shows a few hundred rows of many thousands: taking
 * them from a heap costs a fraction of sorting them all.  Views that take
 * every row have them sorted at once instead (SORTED: K[NEXT ..] in
 * order). */
struct row_heap {
	struct keyed_row *k;
	size_t n;
	const struct sort_spec *spec;
	bool sorted;
	size_t next;
};

static void sift_down(struct row_heap *h, size_t i)
{
	struct keyed_row moved = h->k[i];

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= h->n)
			break;
		if (c + 1 < h->n && keyed_before(&h->k[c + 1], &h->k[c], h->spec))
			c++;
		if (!keyed_before(&h->k[c], &moved, h->spec))
			break;
		h->k[i] = h->k[c];
		i = c;
	}
	h->k[i] = moved;
}

static int keyed_tie(size_t x, size_t y, void *arg)
{
	const struct row_heap *h = arg;
	const struct keyed_row *a = &h->k[x], *b = &h->k[y];

	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	return row_cmp(a->f, b->f, h->spec);
}

/* Every row in sort order, as the heap would give them one by one. */
static void heap_sort_all(struct row_heap *h)
{
	struct keyed *k = xmalloc((h->n ? h->n : 1) * sizeof(*k));

	for (size_t i = 0; i < h->n; i++)
		k[i] = (struct keyed){ keysort_desc_int(h->k[i].key), i };
	keysort_items(h->k, sizeof(*h->k), k, h->n, keyed_tie, h);
	free(k);
	h->sorted = true;
	h->next = 0;
}

static void heap_init(struct row_heap *h, struct func *const *rows, size_t n,
		      const struct sort_spec *spec, bool all)
{
	h->k = xmalloc((n ? n : 1) * sizeof(*h->k));
	h->n = n;
	h->spec = spec;
	h->sorted = false;
	for (size_t i = 0; i < n; i++) {
		cost_t c = spec->norder ? rows[i]->total[spec->order[0]] : 0;

		h->k[i].key = spec->norder == 0 ? 0 : spec->by_magnitude ? magnitude(c)
								: cost_sort_value(c);
		if (spec->per_call != NULL && spec->keys[0].per_call != PER_CALL_NONE)
			h->k[i].key = percall_key(spec->per_call, rows[i], spec->order[0],
						  spec->keys[0].per_call == PER_CALL_INCL,
						  spec->by_magnitude);
		h->k[i].f = rows[i];
		h->k[i].index = i;
	}
	if (all) {
		heap_sort_all(h);
		return;
	}
	for (size_t i = n / 2; i-- > 0;)
		sift_down(h, i);
}

/* The next row in sort order; the heap must not be empty. */
static struct func *heap_pop(struct row_heap *h)
{
	struct func *f = h->k[0].f;

	if (h->sorted)
		return h->k[h->next++].f;
	h->k[0] = h->k[--h->n];
	if (h->n > 0)
		sift_down(h, 0);
	return f;
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
	/* The reference skips the walk only for a single threshold of 100.
	 * Costs per call add up to nothing a threshold could be of. */
	t->filter = (opt->sort_thresholds || options_threshold_value(opt->threshold) < 100) &&
		    !opt->sort_per_call;
}

/* The totals the threshold walk measures against: the program totals, or
 * in a diff the sum of the rows' changes either way.  Sums over the rows
 * are exact: each row is at most 2^64 in size, and 128 bits hold 2^63
 * rows' worth. */
static cost_t *walk_totals(const struct table *t, bool diff, const size_t *sort, size_t nsort)
{
	cost_t *totals = xcalloc(nsort, sizeof(*totals));

	for (size_t k = 0; k < nsort; k++) {
		if (!diff) {
			totals[k] = t->summary[sort[k]];
			continue;
		}
		for (size_t r = 0; r < t->nrows; r++) {
			cost_t m = magnitude(t->rows[r]->total[sort[k]]);

			if (m > 0)
				totals[k] += m;
		}
	}
	return totals;
}

/* callgrind_annotate stops before the first row at which every sort event
 * has reached its threshold.  In self mode it accumulates the rows' counts;
 * in inclusive mode it takes "total minus this row" (not a sum).  A diff
 * accumulates the size of each change.  The shown rows are taken from H
 * in order into ROWS. */
static void walk_threshold(struct table *t, struct row_heap *h, bool inclusive,
			   bool diff, const size_t *sort, size_t nsort)
{
	cost_t *acc = xcalloc(nsort, sizeof(*acc));
	cost_t *totals = walk_totals(t, diff, sort, nsort);

	t->nshown = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const cost_t *v;

		if (t->filter) {
			bool reached = true;

			for (size_t k = 0; k < nsort && reached; k++) {
				cost_t total = totals[k];
				double prop = (double)(acc[k] * 100);

				if (total != COST_ABSENT && total > 0)
					prop = numfmt_ratio100(acc[k], total);
				else if (diff)
					prop = 100.0;   /* nothing changed */
				reached = prop >= t->threshold_values[k];
			}
			if (reached)
				break;
		}
		t->rows[r] = heap_pop(h);
		v = t->rows[r]->total;
		t->nshown++;
		for (size_t k = 0; k < nsort; k++) {
			cost_t x = v[sort[k]];

			if (x == COST_ABSENT)
				continue;
			/* Exact in 128 bits, as Perl is while the figures fit 64. */
			if (diff)
				acc[k] += magnitude(x);
			else if (inclusive)
				acc[k] = (totals[k] == COST_ABSENT ? 0 : totals[k]) - x;
			else
				acc[k] += x;
		}
	}
	free(totals);
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
		const char *name;
		size_t j;

		if (t->rows[r]->whole != NULL)
			continue;   /* a cycle's row: no file */
		name = profile_intern(p, full, table_file_part(full));

		for (j = 0; j < t->nfiles && t->files[j] != name; j++)
			;
		if (j == t->nfiles)
			t->files[t->nfiles++] = name;
	}
}

/* A profile of differences: the OLD side of a diff was subtracted, or the
 * profile itself holds differences (cg_diff writes them) and its total for
 * the primary sort event is negative.  Either way the rows are changes,
 * listed by their size whichever their sign. */
static bool table_is_diff(const struct table *t, const struct profile *p,
			  const size_t *sort, size_t nsort)
{
	return profile_is_diff(p) ||
	       (nsort > 0 && t->summary[sort[0]] != COST_ABSENT && t->summary[sort[0]] < 0);
}

static bool sorts_per_call(const struct options *opt)
{
	for (size_t k = 0; k < opt->nsort; k++)
		if (opt->sort[k].per_call != PER_CALL_NONE)
			return true;
	return false;
}

void table_rows(struct table *t, struct profile *p, const struct options *opt,
		const size_t *sort, size_t nsort)
{
	memset(t, 0, sizeof(*t));
	if (opt->per_call) {
		t->per_call = xmalloc(sizeof(*t->per_call));
		percall_build(t->per_call, p);
	}
	t->rows = inclusive_compute(p, opt->inclusive, &t->nrows);
	compute_summary(t, p);
	t->diff = table_is_diff(t, p, sort, nsort);
}

void table_build(struct table *t, struct profile *p, const struct options *opt,
		 const size_t *sort, size_t nsort)
{
	struct sort_spec spec;
	struct row_heap h;
	/* Most views read the rows past the cut in no order, if at all (the
	 * text report for the widths of its columns); the machine code view
	 * and the terminal browser's list read them in order. */
	bool all = opt->format == FORMAT_TUI || p->keep_instr;

	table_rows(t, p, opt, sort, nsort);
	spec = (struct sort_spec){ sort, nsort, t->diff, opt->sort,
				   sorts_per_call(opt) ? t->per_call : NULL };
	heap_init(&h, t->rows, t->nrows, &spec, all);
	set_thresholds(t, opt, nsort);
	walk_threshold(t, &h, opt->inclusive, t->diff, sort, nsort);
	for (size_t r = t->nshown; r < t->nrows; r++)
		t->rows[r] = all ? heap_pop(&h) : h.k[r - t->nshown].f;
	free(h.k);
	collect_files(t, p);
}

void table_release(struct table *t)
{
	if (t->per_call != NULL)
		percall_release(t->per_call);
	free(t->per_call);
	free(t->rows);
	free(t->thresholds);
	free(t->threshold_values);
	free(t->files);
	memset(t, 0, sizeof(*t));
}
