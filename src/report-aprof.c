#include "report-aprof.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-json.h"
#include "fmt-num.h"
#include "report-text.h"
#include "fmt-plot.h"
#include "xalloc.h"

/* Grid of the --routine plot; odd, so that the middle label is half the top. */
#define PLOT_COLUMNS 80
#define PLOT_HEIGHT 15
/* Longest cell text of a table row. */
#define CELL_MAX (NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX)

static const char *const sort_names[] = { "self", "cumulative", "calls", "inputs" };

static const char *display_name(const struct aprof_routine *r, const struct options *opt)
{
	if (opt->mangled && r->mangled != NULL)
		return r->mangled;
	return r->full != NULL ? r->full : r->name;
}

static uint64_t sort_value(const struct aprof_routine *r, enum aprof_sort key)
{
	switch (key) {
	case APROF_SORT_SELF:
		return r->self;
	case APROF_SORT_CUMULATIVE:
		return r->cumulative;
	case APROF_SORT_CALLS:
		return r->calls;
	case APROF_SORT_INPUTS:
		return r->npoints;
	}
	return 0;
}

static enum aprof_sort sort_key(const struct options *opt)
{
	if (opt->nsort == 0)
		return APROF_SORT_SELF;
	if (opt->nsort > 1)
		usage_error("--sort: an aprof report is sorted by one key (self, cumulative, "
		    "calls or inputs)");
	for (size_t i = 0; i < sizeof(sort_names) / sizeof(*sort_names); i++)
		if (strcmp(opt->sort[0].event, sort_names[i]) == 0)
			return (enum aprof_sort)i;
	usage_error("--sort: an aprof report is sorted by self, cumulative, calls or inputs, "
	    "not '%s'", opt->sort[0].event);
}

/* Descending on the key, then on cumulative cost; then by name and id, so
 * that the order never depends on the report's line order. */
static int row_cmp(const void *x, const void *y, void *arg)
{
	const struct aprof_routine *r = *(const struct aprof_routine *const *)x;
	const struct aprof_routine *s = *(const struct aprof_routine *const *)y;
	enum aprof_sort key = *(const enum aprof_sort *)arg;
	uint64_t a = sort_value(r, key), b = sort_value(s, key);
	int c;

	if (a != b)
		return a > b ? -1 : 1;
	if (r->cumulative != s->cumulative)
		return r->cumulative > s->cumulative ? -1 : 1;
	c = strcmp(r->name, s->name);
	if (c != 0)
		return c;
	return (r->id > s->id) - (r->id < s->id);
}

/* As the callgrind table: rows are listed until, before the next one, they
 * account for the threshold's share of the key's sum over all routines. */
static void walk_threshold(struct aprof_table *t)
{
	/* Exact: fewer than 2^64 rows of less than 2^64 each fit 128 bits. */
	cost_t total = 0, acc = 0;

	for (size_t i = 0; i < t->nrows; i++)
		total += sort_value(t->rows[i], t->sort);
	t->nshown = t->nrows;
	if (t->threshold_value >= 100)
		return;
	for (size_t i = 0; i < t->nrows; i++) {
		if (numfmt_ratio100(acc, total) >= t->threshold_value) {
			t->nshown = i;
			return;
		}
		acc += sort_value(t->rows[i], t->sort);
	}
}

void aprof_table_build(struct aprof_table *t, const struct aprof *a, const struct options *opt)
{
	memset(t, 0, sizeof(*t));
	t->sort = sort_key(opt);
	if (t->sort == APROF_SORT_SELF && !a->has_self) {
		t->sort = APROF_SORT_CUMULATIVE;
		t->sort_fallback = true;
	}
	t->threshold = opt->nsort > 0 && opt->sort[0].threshold != NULL ?
		       opt->sort[0].threshold : opt->threshold;
	t->threshold_value = options_threshold_value(t->threshold);
	t->nrows = a->nroutines;
	t->rows = xcalloc(t->nrows, sizeof(*t->rows));
	if (t->nrows > 0)
		memcpy(t->rows, a->routines, t->nrows * sizeof(*t->rows));
	if (t->nrows > 1)
		qsort_r(t->rows, t->nrows, sizeof(*t->rows), row_cmp, &t->sort);
	walk_threshold(t);
}

void aprof_table_release(struct aprof_table *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

static bool all_digits(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

static bool name_is(const struct aprof_routine *r, const char *s)
{
	return strcmp(r->name, s) == 0 || (r->full && strcmp(r->full, s) == 0) ||
	       (r->mangled && strcmp(r->mangled, s) == 0);
}

static bool name_contains(const struct aprof_routine *r, const char *s)
{
	return strstr(r->name, s) != NULL || (r->full && strstr(r->full, s) != NULL) ||
	       (r->mangled && strstr(r->mangled, s) != NULL);
}

/* Candidates for ARG, by one matching rule, in the report's order. */
static size_t matches(const struct aprof *a, const char *arg, bool exact,
		      struct aprof_routine **found)
{
	size_t n = 0;

	for (size_t i = 0; i < a->nroutines; i++)
		if (exact ? name_is(a->routines[i], arg) : name_contains(a->routines[i], arg))
			found[n++] = a->routines[i];
	return n;
}

/* List the N routines ARG matches, for the error that follows. */
static void list_candidates(const char *arg, struct aprof_routine **found, size_t n)
{
	const size_t limit = 20;

	say("--routine=%s matches %zu routines:", arg, n);
	for (size_t i = 0; i < n && i < limit; i++)
		say_raw("  %llu: %s [%s]\n", (unsigned long long)found[i]->id, found[i]->name,
			found[i]->image);
	if (n > limit)
		say_raw("  ... and %zu more\n", n - limit);
}

struct aprof_routine **aprof_select(const struct aprof *a, const struct options *opt, size_t *nsel)
{
	struct aprof_routine **sel = xcalloc(opt->nroutines, sizeof(*sel));

	for (size_t i = 0; i < opt->nroutines; i++) {
		const char *arg = opt->routines[i];
		struct aprof_routine **found = xcalloc(a->nroutines, sizeof(*found)), *r = NULL;
		size_t n = 0;

		if (all_digits(arg))
			r = aprof_find(a, strtoull(arg, NULL, 10));
		if (r == NULL) {
			n = matches(a, arg, true, found);
			if (n == 0)
				n = matches(a, arg, false, found);
			if (n > 1)
				list_candidates(arg, found, n);
			if (n != 1) {
				free(found);
				free(sel);
				if (n > 1)
					usage_error("--routine=%s is ambiguous; name one routine "
					    "by its id", arg);
				usage_error("--routine=%s matches no routine of %s", arg, a->path);
			}
			r = found[0];
		}
		free(found);
		sel[i] = r;
	}
	*nsel = opt->nroutines;
	return sel;
}

static const char *or_unknown(const char *s)
{
	return s != NULL && *s ? s : "(unknown)";
}

void aprof_print_header(FILE *out, const struct aprof *a, const struct aprof_table *t)
{
	char total[NUMFMT_COUNT_MAX];

	report_rule(out);
	fprintf(out, "Profile data file '%s' (aprof report, version %lu)\n", a->path, a->version);
	report_rule(out);
	fprintf(out, "Application:      %s\n", or_unknown(a->application));
	fprintf(out, "Command line:     %s\n", or_unknown(a->command));
	fprintf(out, "Cost metric:      %s\n", a->cost_metric ? a->cost_metric : "bb-count");
	fprintf(out, "Input metric:     %s\n", a->input_metric ? a->input_metric : "rms");
	numfmt_count(total, a->total);
	fprintf(out, "Total cost:       %s%s\n", total, a->has_total ? "" : " (calculated)");
	fprintf(out, "Sort order:       %s%s\n", sort_names[t->sort],
		t->sort_fallback ? " (the report has no self costs)" : "");
	fprintf(out, "Threshold:        %s\n\n", t->threshold);
}

/* A count with its percentage of TOTAL, or blanks where a zero count's
 * percentage would be, as the callgrind table prints them. */
static void count_percent(char *buf, uint64_t v, uint64_t total)
{
	size_t len = numfmt_count(buf, v);

	if (v != 0)
		numfmt_percent(buf + len, numfmt_ratio100(v, total));
	else
		sprintf(buf + len, "%9s", "");
}

enum { COL_SELF, COL_CUMULATIVE, COL_CALLS, COL_INPUTS, COL_MAX_RMS, COL_GROWTH, NCOLS };

static const char *const col_names[NCOLS] = {
	"self", "cumulative", "calls", "inputs", "max-rms", "growth",
};

static void row_cells(char cells[NCOLS][CELL_MAX], const struct aprof *a,
		      const struct aprof_routine *r)
{
	if (r->has_self)
		count_percent(cells[COL_SELF], r->self, a->total);
	else
		sprintf(cells[COL_SELF], ".%9s", "");
	numfmt_count(cells[COL_CUMULATIVE], r->cumulative);
	numfmt_count(cells[COL_CALLS], r->calls);
	numfmt_count(cells[COL_INPUTS], r->npoints);
	numfmt_count(cells[COL_MAX_RMS], r->max_rms);
	if (r->has_fit)
		snprintf(cells[COL_GROWTH], CELL_MAX, "%.2f", r->fit.b);
	else
		strcpy(cells[COL_GROWTH], "-");
}

void aprof_print_table(FILE *out, const struct aprof *a, const struct options *opt,
		       const struct aprof_table *t)
{
	size_t w[NCOLS];
	char cells[NCOLS][CELL_MAX];

	for (int c = 0; c < NCOLS; c++)
		w[c] = strlen(col_names[c]);
	for (size_t i = 0; i < t->nrows; i++) {
		row_cells(cells, a, t->rows[i]);
		for (int c = 0; c < NCOLS; c++)
			if (strlen(cells[c]) > w[c])
				w[c] = strlen(cells[c]);
	}
	report_rule(out);
	for (int c = 0; c < NCOLS; c++)
		fprintf(out, "%-*s ", (int)w[c], col_names[c]);
	fputs(" routine [image]\n", out);
	report_rule(out);
	for (size_t i = 0; i < t->nshown; i++) {
		const struct aprof_routine *r = t->rows[i];

		row_cells(cells, a, r);
		for (int c = 0; c < NCOLS; c++)
			fprintf(out, "%*s ", (int)w[c], cells[c]);
		fprintf(out, " %s [%s]\n", display_name(r, opt), r->image);
	}
	fputc('\n', out);
}

/* TENTHS / 10 with commas and one decimal, as "1,234.5". */
static void tenths_text(char *buf, cost_t tenths)
{
	size_t len = numfmt_count(buf, tenths / 10);

	sprintf(buf + len, ".%d", (int)(tenths < 0 ? -(tenths % 10) : tenths % 10));
}

/* V as tenths_text does; in %g notation from 9e17 on, where its tenths
 * would not fit llround's long long. */
static void decimal(char *buf, double v)
{
	if (!isfinite(v) || fabs(v) >= 9e17) {
		snprintf(buf, CELL_MAX, "%.4g", v);
		return;
	}
	tenths_text(buf, llround(v * 10));
}

/* SUM / N (N > 0) to the nearest tenth, half away from zero, exactly:
 * costs up to 2^64-1 are beyond what a double holds to the unit. */
static void average(char *buf, uint64_t sum, uint64_t n)
{
	cost_t s = sum, d = n;

	tenths_text(buf, (20 * s + d) / (2 * d));
}

enum { DCOL_RMS, DCOL_CALLS, DCOL_MIN, DCOL_AVG, DCOL_MAX, DCOL_STDDEV, DCOL_SELF, NDCOLS };

static const char *const dcol_names[NDCOLS] = {
	"rms", "calls", "min", "average", "max", "std-dev", "avg-self",
};

static void point_cells(char cells[NDCOLS][CELL_MAX], const struct aprof_point *p)
{
	uint64_t n = p->occ > 0 ? p->occ : 1;
	double occ = (double)n, avg = (double)p->sum / occ;

	numfmt_count(cells[DCOL_RMS], p->rms);
	numfmt_count(cells[DCOL_CALLS], p->occ);
	numfmt_count(cells[DCOL_MIN], p->min);
	average(cells[DCOL_AVG], p->sum, n);
	numfmt_count(cells[DCOL_MAX], p->max);
	if (p->have & APROF_SQR) {
		double var = p->sqr_sum / occ - avg * avg;

		decimal(cells[DCOL_STDDEV], var > 0 ? sqrt(var) : 0);
	} else {
		strcpy(cells[DCOL_STDDEV], "-");
	}
	if (p->have & APROF_SELF)
		average(cells[DCOL_SELF], p->self_sum, n);
	else
		strcpy(cells[DCOL_SELF], "-");
}

static void print_points(FILE *out, const struct aprof_routine *r)
{
	size_t w[NDCOLS];
	char cells[NDCOLS][CELL_MAX];

	for (int c = 0; c < NDCOLS; c++)
		w[c] = strlen(dcol_names[c]);
	for (size_t i = 0; i < r->npoints; i++) {
		point_cells(cells, &r->points[i]);
		for (int c = 0; c < NDCOLS; c++)
			if (strlen(cells[c]) > w[c])
				w[c] = strlen(cells[c]);
	}
	/* The last name is not padded: no trailing blanks. */
	for (int c = 0; c + 1 < NDCOLS; c++)
		fprintf(out, "%-*s ", (int)w[c], dcol_names[c]);
	fprintf(out, "%s\n", dcol_names[NDCOLS - 1]);
	for (size_t i = 0; i < r->npoints; i++) {
		point_cells(cells, &r->points[i]);
		for (int c = 0; c < NDCOLS; c++)
			fprintf(out, "%*s%s", (int)w[c], cells[c], c + 1 < NDCOLS ? " " : "\n");
	}
}

static double fitted(double x, const void *arg)
{
	const struct fit *f = arg;

	return x > 0 ? f->a * pow(x, f->b) : -1;
}

/* Average and maximum cost against input size, with the fitted curve
 * underneath: the points cover it where they meet. */
static void print_plot(FILE *out, const struct aprof_routine *r)
{
	struct textplot plot;
	uint64_t ymax = 0;

	for (size_t i = 0; i < r->npoints; i++)
		if (r->points[i].max > ymax)
			ymax = r->points[i].max;
	textplot_init(&plot, PLOT_COLUMNS, PLOT_HEIGHT, r->max_rms, ymax);
	if (r->has_fit)
		textplot_curve(&plot, fitted, &r->fit, '.');
	for (size_t i = 0; i < r->npoints; i++)
		textplot_mark(&plot, (double)r->points[i].rms, (double)r->points[i].max, '^');
	for (size_t i = 0; i < r->npoints; i++) {
		const struct aprof_point *p = &r->points[i];

		if (p->occ > 0)
			textplot_mark(&plot, (double)p->rms, (double)p->sum / (double)p->occ, '*');
	}
	textplot_print(out, &plot, "rms");
	textplot_release(&plot);
	fprintf(out, "* average cost   ^ maximum cost%s\n", r->has_fit ? "   . fitted curve" : "");
}

void aprof_print_routine(FILE *out, const struct aprof *a, const struct options *opt,
			 const struct aprof_routine *r)
{
	char buf[CELL_MAX];

	report_rule(out);
	fprintf(out, "Routine %llu: %s [%s]\n", (unsigned long long)r->id, display_name(r, opt),
		r->image);
	report_rule(out);
	if (r->has_self) {
		count_percent(buf, r->self, a->total);
		fprintf(out, "Self cost:        %s\n", buf);
	}
	numfmt_count(buf, r->cumulative);
	fprintf(out, "Cumulative cost:  %s\n", buf);
	numfmt_count(buf, r->calls);
	fprintf(out, "Calls:            %s\n", buf);
	numfmt_count(buf, r->npoints);
	fprintf(out, "Input sizes:      %s\n\n", buf);
	if (r->npoints == 0) {
		fputs("No performance points.\n\n", out);
		return;
	}
	print_points(out, r);
	fputc('\n', out);
	print_plot(out, r);
	if (r->has_fit)
		fprintf(out, "Fit: cost = a * rms^b with a = %.4g, b = %.3f, R^2 = %.4f\n\n",
			r->fit.a, r->fit.b, r->fit.r2);
	else
		fputs("Fit: none (fewer than 3 input sizes with non-zero costs)\n\n", out);
}

/* The contexts shown, depth first, with their depths. */
struct tree_row {
	const struct aprof_context *c;
	size_t depth;
};

static bool tree_keeps(const struct aprof *a, const struct aprof_context *c, double threshold)
{
	return threshold >= 100 || numfmt_ratio100(c->cumulative, a->total) >= 100 - threshold;
}

/* Push the siblings from FIRST on, the first one on top. */
static size_t push_siblings(struct tree_row *stack, size_t top,
			    const struct aprof_context *first, size_t depth)
{
	size_t k = 0, i = 0;

	for (const struct aprof_context *c = first; c; c = c->next)
		k++;
	top += k;
	for (const struct aprof_context *c = first; c; c = c->next)
		stack[top - 1 - i++] = (struct tree_row){ c, depth };
	return top;
}

static struct tree_row *tree_rows(const struct aprof *a, double threshold, size_t *n)
{
	struct tree_row *rows = xcalloc(a->ncontexts, sizeof(*rows));
	struct tree_row *stack = xcalloc(a->ncontexts, sizeof(*stack));
	size_t top;

	/* An explicit stack: recursion can make contexts nest deeply. */
	*n = 0;
	top = push_siblings(stack, 0, a->roots, 0);
	while (top > 0) {
		struct tree_row row = stack[--top];

		if (!tree_keeps(a, row.c, threshold))
			continue;
		rows[(*n)++] = row;
		top = push_siblings(stack, top, row.c->children, row.depth + 1);
	}
	free(stack);
	return rows;
}

void aprof_print_tree(FILE *out, const struct aprof *a, const struct options *opt,
		      const struct aprof_table *t)
{
	size_t n, wc = strlen("cumulative"), wn = strlen("calls");
	struct tree_row *rows = tree_rows(a, t->threshold_value, &n);
	char cost[CELL_MAX], calls[NUMFMT_COUNT_MAX];

	report_rule(out);
	if (t->threshold_value >= 100)
		fputs("Calling-context tree\n", out);
	else
		fprintf(out, "Calling-context tree (contexts below %g%% of the total cost left out)\n",
			100 - t->threshold_value);
	report_rule(out);
	if (a->ncontexts == 0) {
		fputs("The report has no calling contexts.\n\n", out);
		free(rows);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		count_percent(cost, rows[i].c->cumulative, a->total);
		if (strlen(cost) > wc)
			wc = strlen(cost);
		if (numfmt_count(calls, rows[i].c->calls) > wn)
			wn = strlen(calls);
	}
	fprintf(out, "%-*s %-*s  context\n", (int)wc, "cumulative", (int)wn, "calls");
	report_rule(out);
	for (size_t i = 0; i < n; i++) {
		const struct aprof_context *c = rows[i].c;

		count_percent(cost, c->cumulative, a->total);
		numfmt_count(calls, c->calls);
		fprintf(out, "%*s %*s  %*s%s\n", (int)wc, cost, (int)wn, calls,
			(int)(2 * rows[i].depth), "", display_name(c->routine, opt));
	}
	fputc('\n', out);
	free(rows);
}

static void json_opt_int(struct json *j, const char *key, bool present, uint64_t v)
{
	json_key(j, key);
	if (present)
		json_int(j, v);
	else
		json_null(j);
}

static void json_opt_double(struct json *j, const char *key, bool present, double v)
{
	json_key(j, key);
	if (present)
		json_double(j, v);
	else
		json_null(j);
}

/* Fitted values to 12 significant digits: the last bits of a logarithmic
 * fit are noise that would differ between math libraries. */
static void json_fit_value(struct json *j, const char *key, double v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%.12g", v);
	json_key(j, key);
	json_double(j, strtod(buf, NULL));
}

static void json_point(struct json *j, const struct aprof_point *p)
{
	static const char *const extra_names[APROF_NEXTRA] = {
		"syscall_input", "thread_input", "self_syscall_input", "self_thread_input",
	};
	bool self = p->have & APROF_SELF, minmax = p->have & APROF_SELF_MINMAX;

	json_begin_object(j);
	json_key(j, "rms");
	json_uint(j, p->rms);
	json_opt_int(j, "occ", true, p->occ);
	json_opt_int(j, "min", true, p->min);
	json_opt_int(j, "max", true, p->max);
	json_opt_int(j, "sum", true, p->sum);
	json_opt_double(j, "sqr_sum", p->have & APROF_SQR, p->sqr_sum);
	json_opt_int(j, "real_sum", self, p->real_sum);
	json_opt_int(j, "self_sum", self, p->self_sum);
	json_opt_int(j, "self_min", minmax, p->self_min);
	json_opt_int(j, "self_max", minmax, p->self_max);
	json_opt_double(j, "self_sqr", p->have & APROF_SELF_SQR, p->self_sqr);
	for (int i = 0; i < APROF_NEXTRA; i++)
		json_opt_int(j, extra_names[i], p->have & APROF_EXTRA, p->extra[i]);
	json_end_object(j);
}

static void json_routine(struct json *j, const struct aprof_routine *r)
{
	json_begin_object(j);
	json_key(j, "id");
	json_uint(j, r->id);
	json_key(j, "name");
	json_string(j, r->name);
	json_key(j, "full_name");
	json_string(j, r->full);
	json_key(j, "image");
	json_string(j, r->image);
	json_key(j, "mangled");
	json_string(j, r->mangled);
	json_opt_int(j, "self", r->has_self, r->self);
	json_opt_int(j, "cumulative", true, r->cumulative);
	json_opt_int(j, "calls", true, r->calls);
	json_key(j, "inputs");
	json_uint(j, r->npoints);
	json_key(j, "max_rms");
	json_uint(j, r->max_rms);
	json_key(j, "fit");
	if (r->has_fit) {
		json_begin_object(j);
		json_fit_value(j, "a", r->fit.a);
		json_fit_value(j, "b", r->fit.b);
		json_fit_value(j, "r2", r->fit.r2);
		json_end_object(j);
	} else {
		json_null(j);
	}
	json_key(j, "points");
	json_begin_array(j);
	for (size_t i = 0; i < r->npoints; i++)
		json_point(j, &r->points[i]);
	json_end_array(j);
	json_end_object(j);
}

static void json_contexts(struct json *j, const struct aprof *a)
{
	json_key(j, "contexts");
	json_begin_array(j);
	for (size_t i = 0; i < a->ncontexts; i++) {
		const struct aprof_context *c = a->contexts[i];

		json_begin_object(j);
		json_key(j, "id");
		json_uint(j, c->id);
		json_key(j, "routine");
		json_uint(j, c->routine->id);
		json_key(j, "parent");
		if (c->parent != NULL)
			json_uint(j, c->parent->id);
		else
			json_null(j);
		json_opt_int(j, "cumulative", true, c->cumulative);
		json_opt_int(j, "calls", true, c->calls);
		json_end_object(j);
	}
	json_end_array(j);
}

static void json_text(struct json *j, const char *key, const char *v)
{
	json_key(j, key);
	json_string(j, v);
}

void aprof_print_json(FILE *out, const struct aprof *a, const struct options *opt,
		      const struct aprof_table *t, struct aprof_routine *const *sel, size_t nsel)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j);
	aprof_write_json(&j, a, opt, t, sel, nsel);
	json_end_object(&j);
	json_finish(&j);
}

void aprof_write_json(struct json *jp, const struct aprof *a, const struct options *opt,
		      const struct aprof_table *t, struct aprof_routine *const *sel, size_t nsel)
{
	(void)opt;
	json_text(jp, "format", "aprof");
	json_text(jp, "file", a->path);
	json_key(jp, "version");
	json_uint(jp, a->version);
	json_text(jp, "application", a->application);
	json_text(jp, "command", a->command);
	json_text(jp, "cost_metric", a->cost_metric ? a->cost_metric : "bb-count");
	json_text(jp, "input_metric", a->input_metric ? a->input_metric : "rms");
	json_text(jp, "mtime", a->mtime);
	json_text(jp, "t", a->t);
	json_key(jp, "comments");
	json_begin_array(jp);
	for (size_t i = 0; i < a->ncomments; i++)
		json_string(jp, a->comments[i]);
	json_end_array(jp);
	json_key(jp, "total");
	json_int(jp, a->total);
	json_key(jp, "total_calculated");
	json_bool(jp, !a->has_total);
	json_key(jp, "skipped_lines");
	json_uint(jp, a->skipped);
	json_key(jp, "routines");
	json_begin_array(jp);
	if (nsel > 0)
		for (size_t i = 0; i < nsel; i++)
			json_routine(jp, sel[i]);
	else
		for (size_t i = 0; i < t->nrows; i++)
			json_routine(jp, t->rows[i]);
	json_end_array(jp);
	json_contexts(jp, a);
}
