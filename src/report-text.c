#include "report-text.h"

#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "calc-group.h"
#include "fmt-name.h"
#include "fmt-num.h"
#include "report-percall.h"
#include "xalloc.h"

void report_print_name(FILE *out, const struct columns *c, const struct func *f)
{
	char *name;

	if (c->name_width == 0 || name_chars(f->key.name) <= c->name_width) {
		fputs(f->fullname, out);
		return;
	}
	name = name_shorten(f->key.name, c->name_width);
	if (*f->key.file->name != '\0' || f->fullname != f->key.name) {
		fputs(f->key.file->name, out);
		fputc(':', out);
	}
	fputs(name, out);
	free(name);
}

void report_rule(FILE *out)
{
	fputs("--------------------------------------------------------------------------------\n", out);
}

static void print_list(FILE *out, const char *label, char *const *items, size_t n)
{
	fprintf(out, "%s%s\n", label, n ? items[0] : "");
	for (size_t i = 1; i < n; i++)
		fprintf(out, "                  %s\n", items[i]);
}

static void print_event_names(FILE *out, const char *label, const struct event *ev,
			      const size_t *idx, size_t n)
{
	fputs(label, out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? " " : "", ev[idx ? idx[i] : i].name);
	fputc('\n', out);
}

/* One profile as callgrind_annotate names it; several summed, or NEW
 * minus OLD. */
static void print_profile_names(FILE *out, const struct options *opt)
{
	if (opt->mode == MODE_DIFF) {
		fprintf(out, "Profile data file '%s' minus '%s'", opt->profiles[1], opt->profiles[0]);
		return;
	}
	fprintf(out, "Profile data file '%s'", opt->profiles[0]);
	for (size_t i = 1; i < opt->nprofiles; i++)
		fprintf(out, " + '%s'", opt->profiles[i]);
}

static void print_parts(FILE *out, const struct options *opt)
{
	fputs("Parts read:      ", out);
	for (size_t i = 0; i < opt->nparts; i++)
		fprintf(out, " %lu", opt->parts[i]);
	fputc('\n', out);
}

/* A sort by costs per call: its keys as given, and no threshold. */
static void print_per_call_sort(FILE *out, const struct options *opt)
{
	static const char *const suffix[] = { "", "/call", "/call:incl" };

	fputs("Sorted per call: ", out);
	for (size_t i = 0; i < opt->nsort; i++)
		fprintf(out, " %s%s", opt->sort[i].event, suffix[opt->sort[i].per_call]);
	fputs("\nThresholds:       none (every row, sorted by costs per call)\n", out);
}

/* The --focus expressions, and what the costs then are. */
static void print_focus(FILE *out, const struct options *opt)
{
	fputs("Focus:           ", out);
	for (size_t i = 0; i < opt->nfocus; i++)
		fprintf(out, " '%s'", opt->focus[i]);
	fputs(" (costs while a match is on the stack, estimated)\n", out);
}

/* The end of the parts of the profile whose first part is P->parts[FIRST]:
 * the next part numbered 1 starts the next profile. */
static size_t parts_end(const struct profile *p, size_t first)
{
	size_t end = first + 1;

	while (end < p->nparts && p->parts[end].number != 1)
		end++;
	return end;
}

/* Whether S is a decimal number (of at most 18 digits), into *N. */
static bool small_number(const char *s, unsigned long long *n)
{
	size_t len = strspn(s, "0123456789");

	if (len == 0 || len > 18 || s[len] != '\0')
		return false;
	*n = strtoull(s, NULL, 10);
	return true;
}

/* The part: names of the parts read of PARTS[0..N) (a part without one by
 * its number), ", "-separated; runs of three or more consecutive numbers
 * as "A-B". */
static void print_part_names(FILE *out, const struct part *parts, size_t n)
{
	size_t count = 0;
	unsigned long long run_first = 0, run_last = 0, v;
	bool in_run = false;

	for (size_t i = 0; i <= n; i++) {
		bool more = i < n;
		char number[24];
		const char *name = NULL;

		if (more && parts[i].skipped)
			continue;
		if (more) {
			snprintf(number, sizeof(number), "%zu", parts[i].number);
			name = *parts[i].name ? parts[i].name : number;
			count++;
		}
		if (in_run && more && small_number(name, &v) && v == run_last + 1) {
			run_last = v;
			continue;
		}
		if (in_run) {
			/* The run ends before NAME. */
			if (run_last - run_first >= 2)
				fprintf(out, "-%llu", run_last);
			else
				for (v = run_first + 1; v <= run_last; v++)
					fprintf(out, ", %llu", v);
			in_run = false;
		}
		if (!more)
			break;
		fprintf(out, "%s%s", count > 1 ? ", " : "", name);
		if (small_number(name, &v)) {
			in_run = true;
			run_first = run_last = v;
		}
	}
}

/* The command, PID, parts read and thread of the profile whose first part
 * is P->parts[FIRST], as callgrind_annotate prints them: "./prog (PID 42,
 * part 1)"; when several parts are read, "parts 1, 3" or "parts 1-20". */
static void print_target(FILE *out, const struct profile *p, size_t first)
{
	const struct part *part = &p->parts[first];
	size_t end = parts_end(p, first), nread = 0;

	fputs(*part->cmd ? part->cmd : "(unknown)", out);
	if (*part->pid == '\0')
		return;
	fprintf(out, " (PID %s", part->pid);
	if (*part->name) {
		for (size_t i = first; i < end; i++)
			nread += !p->parts[i].skipped;
		fputs(nread > 1 ? ", parts " : ", part ", out);
		print_part_names(out, p->parts + first, end - first);
	}
	if (*part->thread)
		fprintf(out, ", thread %s", part->thread);
	fputc(')', out);
}

/* "Profiled target:", the profile's; in a diff OLD's and NEW's. */
static void print_targets(FILE *out, const struct profile *p, const struct options *opt)
{
	fputs("Profiled target:  ", out);
	if (p->nparts == 0) {
		fputs("(unknown)\n", out);
		return;
	}
	if (opt->mode != MODE_DIFF) {
		print_target(out, p, 0);
		fputc('\n', out);
		return;
	}
	fputs("OLD: ", out);
	print_target(out, p, 0);
	fputs("\n                  NEW: ", out);
	print_target(out, p, parts_end(p, 0));
	fputc('\n', out);
}

/* Marks of the --inclusive=both table, where a cost is not simply what
 * the profile records for the function. */
enum {
	MARK_BOUND = 1,            /* "≥": a recursive function's proven lower bound */
	MARK_ESTIMATE = 2,         /* "≈": beside it, the estimate of the stacks */
	MARK_NESTED = 4,           /* "↻": a call inside a cycle, counting nested activations */
};

static const char mark_bound[] = "\xe2\x89\xa5 ";       /* U+2265 */
static const char mark_estimate[] = "\xe2\x89\x88 ";    /* U+2248 */
static const char mark_nested[] = "\xe2\x86\xbb ";      /* U+21BB */

/* Whether F's inclusive cost of event K is a bound beside which its
 * estimate (calc-estimate.h) differs: both are shown.  An absent bound
 * proves nothing, 0, which stacks of the function may well exceed. */
static bool estimate_beside(const struct func *f, size_t k)
{
	return f->whole == NULL && f->recursive && f->estimate != NULL && f->total != NULL &&
	       f->estimate[k] != COST_ABSENT &&
	       f->estimate[k] != (f->total[k] == COST_ABSENT ? 0 : f->total[k]);
}

/* The marks of F's cells for event K: a bound is no bound in a diff (a
 * change of bounds bounds nothing), where only the estimate is shown. */
static unsigned func_marks(const struct columns *c, const struct func *f, size_t k)
{
	if (!estimate_beside(f, k))
		return 0;
	return MARK_ESTIMATE | (c->changes ? 0 : MARK_BOUND);
}

/* The marks of the calls into F or out of it, a --tree line each. */
static unsigned call_marks(const struct func *f, bool callers)
{
	for (const struct edge *e = callers ? f->in : f->out; e;
	     e = callers ? e->next_in : e->next_out)
		if (cycles_call_inside(e->key.caller, e->key.callee))
			return MARK_NESTED;
	return 0;
}

/* The marks of the shown rows of T, their members and --tree lines, for
 * event K. */
static unsigned both_marks(const struct options *opt, const struct columns *c,
			   const struct table *t, size_t k)
{
	bool tree = opt->tree_caller || opt->tree_calling;
	unsigned m = 0;

	for (size_t i = 0; i < t->nshown; i++) {
		const struct func *f = t->rows[i];
		bool calls = f->whole == NULL && strcmp(f->fullname, "???:???") != 0;

		m |= func_marks(c, f, k);
		if (tree && f->whole != NULL)
			for (size_t j = 0; j < f->whole->nmembers; j++)
				m |= func_marks(c, f->whole->members[j], k);
		if (calls && opt->tree_caller)
			m |= call_marks(f, true);
		if (calls && opt->tree_calling)
			m |= call_marks(f, false);
	}
	return m;
}

/* The header's lines saying what the marks of the table mean. */
static void print_marks_legend(FILE *out, const struct options *opt, const struct columns *c,
			       const struct table *t)
{
	unsigned m = 0;
	const char *label = "Marks:            ";

	for (size_t k = 0; k < c->nshow; k++)
		m |= both_marks(opt, c, t, c->show[k]);
	if (m & MARK_BOUND) {
		fprintf(out, "%s%s: proven lower bound of the cost spent while it runs (recursion: "
			"the profile records no more)\n", label, "\xe2\x89\xa5");
		label = "                  ";
	}
	if (m & MARK_ESTIMATE) {
		fprintf(out, "%s%s: estimated from the call graph's stacks, what the flame graph "
			"draws%s\n", label, "\xe2\x89\x88", c->changes ? " (NEW's less OLD's)" : "");
		label = "                  ";
	}
	if (m & MARK_NESTED)
		fprintf(out, "%s%s: a call inside a cycle of calls, whose recorded cost counts nested "
			"activations again at each level\n", label, "\xe2\x86\xbb");
}

void report_header(FILE *out, const struct profile *p, const struct options *opt,
		   const struct columns *c, const struct table *t)
{
	report_rule(out);
	print_profile_names(out, opt);
	if (*p->creator)
		fprintf(out, " (creator: %s)", p->creator);
	fputc('\n', out);
	report_rule(out);
	if (p->desc)
		fputs(p->desc, out);
	print_targets(out, p, opt);
	if (opt->nparts > 0)
		print_parts(out, opt);
	print_event_names(out, "Events recorded:  ", p->events, NULL, p->nraw);
	print_event_names(out, "Events shown:     ", p->events, c->show, c->nshow);
	print_event_names(out, "Event sort order: ", p->events, c->sort, c->nsort);
	if (opt->sort_per_call) {
		print_per_call_sort(out, opt);
	} else {
		fputs("Thresholds:      ", out);
		for (size_t i = 0; i < c->nsort; i++)
			fprintf(out, " %s", t->thresholds[i]);
		fputc('\n', out);
	}
	if (opt->both_costs) {
		fputs("Inclusive:        both\n", out);
		print_marks_legend(out, opt, c, t);
	}
	if (opt->group_by != GROUP_FUNCTION)
		fprintf(out, "Grouped by:       %s\n", grouping_label(opt->group_by));
	if (p->focused)
		print_focus(out, opt);
	print_list(out, "Include dirs:     ", opt->include_dirs + 1, opt->ninclude - 1);
	print_list(out, "User annotated:   ", opt->user_files, opt->nuser);
	fprintf(out, "Auto-annotation:  %s\n\n", opt->auto_annotate ? "on" : "off");
}

void report_totals(FILE *out, const struct columns *c, const struct table *t)
{
	size_t *w = columns_widths_new(c);

	columns_widen(c, w, t->summary);
	report_rule(out);
	columns_print_events(out, c, w);
	fputc('\n', out);
	report_rule(out);
	columns_print_cost(out, c, w, t->summary);
	fprintf(out, " PROGRAM TOTALS%s\n\n", t->calculated ? " (calculated)" : "");
	free(w);
}

static int call_row_cmp(const void *a, const void *b, void *arg)
{
	const struct columns *c = arg;
	const struct call_row *x = a, *y = b;
	int r = cost_cmp_desc(x->sort_cost, y->sort_cost, c->sort, c->nsort);

	return r ? r : strcmp(x->other->fullname, y->other->fullname);
}

void report_sort_calls(struct call_row *rows, size_t n, const struct columns *c)
{
	if (n > 1)
		qsort_r(rows, n, sizeof(*rows), call_row_cmp, (void *)c);
}

/* The rows of F's callers or callees, their costs in *COSTS (the caller
 * frees both). */
static struct call_row *edge_rows(const struct profile *p, const struct func *f, bool callers,
				  size_t *n, cost_t **costs)
{
	const struct edge *list = callers ? f->in : f->out, *e;
	size_t nev = p->nevents;
	struct call_row *rows;

	*n = 0;
	for (e = list; e; e = callers ? e->next_in : e->next_out)
		(*n)++;
	rows = xreallocarray(NULL, *n ? *n : 1, sizeof(*rows));
	*costs = xreallocarray(NULL, *n ? *n : 1, nev * sizeof(**costs));
	*n = 0;
	for (e = list; e; e = callers ? e->next_in : e->next_out) {
		rows[*n].cost = rows[*n].sort_cost = edge_cost(p, e, *costs + *n * nev);
		rows[*n].other = callers ? e->key.caller : e->key.callee;
		rows[*n].count = edge_count(p, e);
		(*n)++;
	}
	return rows;
}

struct crossing {
	const struct func *other;  /* the function outside the cycle */
	const struct edge *edge;
};

static int crossing_cmp(const void *a, const void *b)
{
	const struct crossing *x = a, *y = b;

	return (x->other->index > y->other->index) - (x->other->index < y->other->index);
}

/* The calls into cycle C from outside it (CALLERS) or out of it, one row
 * per function outside, their costs in *COSTS (the caller frees both). */
static struct call_row *cycle_rows(const struct profile *p, const struct cycle *c, bool callers,
				   size_t *n, cost_t **costs)
{
	size_t nev = p->nevents, m = 0, ncross = 0, cap = 0;
	struct crossing *cross = NULL;
	struct call_row *rows;
	cost_t *cost = xmalloc(nev * sizeof(*cost));

	for (size_t k = 0; k < c->nmembers; k++) {
		const struct func *f = c->members[k];

		for (const struct edge *e = callers ? f->in : f->out; e;
		     e = callers ? e->next_in : e->next_out) {
			const struct func *other = callers ? e->key.caller : e->key.callee;

			if (other->cycle == c)
				continue;
			xgrow(&cross, &cap, ncross + 1, sizeof(*cross));
			cross[ncross++] = (struct crossing){ other, e };
		}
	}
	if (ncross > 1)   /* cross is NULL for a cycle that nothing outside calls */
		qsort(cross, ncross, sizeof(*cross), crossing_cmp);
	rows = xreallocarray(NULL, ncross ? ncross : 1, sizeof(*rows));
	*costs = xreallocarray(NULL, ncross ? ncross : 1, nev * sizeof(**costs));
	for (size_t i = 0; i < ncross; i++) {
		if (m == 0 || rows[m - 1].other != cross[i].other) {
			rows[m].other = cross[i].other;
			rows[m].count = 0;
			cost_clear(*costs + m * nev, nev);
			m++;
		}
		cost_add_checked(*costs + (m - 1) * nev, edge_cost(p, cross[i].edge, cost), nev);
		rows[m - 1].count += edge_count(p, cross[i].edge);
	}
	for (size_t i = 0; i < m; i++)
		rows[i].cost = rows[i].sort_cost = *costs + i * nev;
	free(cross);
	free(cost);
	*n = m;
	return rows;
}

/* The rows of F's callers or callees, or for a cycle's row those of the
 * cycle as a whole. */
static struct call_row *call_rows(const struct profile *p, const struct func *f, bool callers,
				  size_t *n, cost_t **costs)
{
	return f->whole != NULL ? cycle_rows(p, f->whole, callers, n, costs)
				: edge_rows(p, f, callers, n, costs);
}

/* How many times F was called; for a cycle's row, the calls into it. */
static cost_t times_called(const struct profile *p, const struct func *f)
{
	return f->whole != NULL ? f->whole->calls : profile_times_called(p, f);
}

/* The columns of --inclusive=both: for each shown event its inclusive
 * count (after a slot for a mark, when the table has one), its estimate
 * (when some row shows one) and its self count, then the calls.  Widths
 * are by event, as elsewhere, of the counts without their marks. */
struct both_columns {
	const struct profile *p;
	size_t *incl, *est, *self;
	size_t calls;
	unsigned *marks;           /* by event: the marks of the table (both_marks) */
};

static size_t *widths_named(const struct columns *c, const char *suffix)
{
	size_t *w = columns_widths_new(c);

	for (size_t i = 0; i < c->nevents; i++)
		w[i] += strlen(suffix);
	return w;
}

/* Widen W for the estimates F shows. */
static void widen_estimate(const struct columns *c, size_t *w, const struct func *f)
{
	cost_t *shown = xmalloc((c->nevents ? c->nevents : 1) * sizeof(*shown));

	for (size_t i = 0; i < c->nevents; i++)
		shown[i] = func_marks(c, f, i) & MARK_ESTIMATE ? f->estimate[i] : COST_ABSENT;
	columns_widen(c, w, shown);
	free(shown);
}

/* A mark's slot: two characters before the count. */
#define MARK_SLOT 2

static void both_init(struct both_columns *b, const struct profile *p, const struct options *opt,
		      const struct columns *c, const struct table *t)
{
	b->p = p;
	b->incl = widths_named(c, " incl");
	b->est = widths_named(c, " estimate");
	b->self = widths_named(c, " self");
	b->calls = strlen("calls");
	b->marks = xcalloc(c->nevents ? c->nevents : 1, sizeof(*b->marks));
	for (size_t k = 0; k < c->nshow; k++)
		b->marks[c->show[k]] = both_marks(opt, c, t, c->show[k]);
	for (size_t i = 0; i < c->nevents; i++) {
		/* The header's name stands over the slot too. */
		if (b->marks[i] & (MARK_BOUND | MARK_NESTED))
			b->incl[i] = b->incl[i] > MARK_SLOT ? b->incl[i] - MARK_SLOT : 0;
		b->est[i] = b->est[i] > MARK_SLOT ? b->est[i] - MARK_SLOT : 0;
	}
	for (size_t i = 0; i < t->nrows; i++) {
		const struct func *f = t->rows[i];
		char count[NUMFMT_COUNT_MAX];
		size_t w = c->changes ? columns_format_count(c, count, times_called(p, f))
				      : numfmt_count_width(times_called(p, f));

		columns_widen(c, b->incl, f->total);
		if (f->self != NULL)
			columns_widen(c, b->self, f->self);
		if (w > b->calls)
			b->calls = w;
	}
	for (size_t i = 0; i < t->nshown; i++) {
		const struct func *f = t->rows[i];

		widen_estimate(c, b->est, f);
		for (size_t j = 0; f->whole != NULL && j < f->whole->nmembers; j++)
			widen_estimate(c, b->est, f->whole->members[j]);
	}
}

/* The width of event I's inclusive column, its mark's slot included. */
static size_t incl_width(const struct both_columns *b, size_t i)
{
	return b->incl[i] + (b->marks[i] & (MARK_BOUND | MARK_NESTED) ? MARK_SLOT : 0);
}

static void both_print_header(FILE *out, const struct columns *c, const struct both_columns *b)
{
	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];
		const char *name = c->events[i].name;

		fprintf(out, "%s%-*s ", name, (int)(incl_width(b, i) - strlen(name)), " incl");
		if (b->marks[i] & MARK_ESTIMATE)
			fprintf(out, "%s%-*s ", name, (int)(b->est[i] + MARK_SLOT - strlen(name)),
				" estimate");
		fprintf(out, "%s%-*s ", name, (int)(b->self[i] - strlen(name)), " self");
	}
	fprintf(out, "%-*s ", (int)b->calls, "calls");
}

/* What the cells of one line of the table hold. */
struct both_line {
	const cost_t *incl;        /* under the inclusive columns */
	const struct func *f;      /* a row: its self cost and calls; NULL: a --tree line */
	const struct func *bound;  /* whose inclusive cost INCL is, for its marks and
				      estimate: the row's function, a cycle's member */
	bool nested;               /* a call inside a cycle of calls */
};

/* A line's cells: the inclusive count after its mark, the estimate where
 * it differs, the self count and the calls; a --tree line (L->f NULL) has
 * its cost under the inclusive columns and the others blank, so that the
 * line keeps its fields. */
static void both_print_cells(FILE *out, const struct columns *c, const struct both_columns *b,
			     const struct both_line *l)
{
	char count[NUMFMT_COUNT_MAX] = "";
	size_t len = 0;

	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];
		unsigned m = l->bound != NULL ? func_marks(c, l->bound, i) : 0;

		if (b->marks[i] & (MARK_BOUND | MARK_NESTED))
			fputs(l->nested ? mark_nested : m & MARK_BOUND ? mark_bound : "  ", out);
		columns_print_count(out, c, b->incl, i, l->incl ? l->incl[i] : COST_ABSENT);
		if ((b->marks[i] & MARK_ESTIMATE) && (m & MARK_ESTIMATE)) {
			fputs(mark_estimate, out);
			columns_print_count(out, c, b->est, i, l->bound->estimate[i]);
		} else if (b->marks[i] & MARK_ESTIMATE) {
			fprintf(out, "%*s ", (int)(b->est[i] + MARK_SLOT), "");
		}
		if (l->f != NULL)
			columns_print_count(out, c, b->self, i, l->f->self ? l->f->self[i] : COST_ABSENT);
		else
			fprintf(out, "%*s ", (int)b->self[i], "");
	}
	if (l->f != NULL)
		len = columns_format_count(c, count, times_called(b->p, l->f));
	/* Padded by characters: "±0" is 3 bytes. */
	fprintf(out, "%*s%s ", (int)(b->calls > len ? b->calls - len : 0), "", count);
}

static void both_release(struct both_columns *b)
{
	free(b->incl);
	free(b->est);
	free(b->self);
	free(b->marks);
}

/* With BOTH (--inclusive=both), the costs go under the inclusive columns. */
/* " [OBJECT]", if there is an object. */
static void print_object(FILE *out, const char *object)
{
	if (object == NULL)
		return;
	fputs(" [", out);
	fputs(object, out);
	fputc(']', out);
}

/* The per-call columns of a --tree line: blank. */
static void blank_per_call(FILE *out, const struct columns *c, const struct percall_columns *pw,
			   const struct table *t)
{
	if (pw != NULL)
		percall_print_cells(out, c, pw, t, NULL);
}

static void print_tree(FILE *out, const struct profile *p, const struct columns *c,
		       const size_t *w, const struct both_columns *both, const struct func *f,
		       bool callers, const struct percall_columns *pw, const struct table *t)
{
	size_t n;
	cost_t *costs;
	struct call_row *rows = call_rows(p, f, callers, &n, &costs);
	char count[NUMFMT_COUNT_MAX];

	report_sort_calls(rows, n, c);
	for (size_t i = 0; i < n; i++) {
		const struct func *other = rows[i].other;
		struct both_line line = {
			rows[i].cost, NULL, NULL,
			f->whole == NULL && (callers ? cycles_call_inside(other, f)
						     : cycles_call_inside(f, other)),
		};

		if (both != NULL)
			both_print_cells(out, c, both, &line);
		else
			columns_print_cost(out, c, w, rows[i].cost);
		blank_per_call(out, c, pw, t);
		columns_format_count(c, count, rows[i].count);
		/* "%s%s (%sx)" and " [%s]", without printf's cost for each row. */
		fputs(callers ? " < " : " >   ", out);
		report_print_name(out, c, rows[i].other);
		fputs(" (", out);
		fputs(count, out);
		fputs("x)", out);
		/* Unlike the function's own line, these show an empty object. */
		print_object(out, rows[i].other->object);
		fputc('\n', out);
	}
	free(rows);
	free(costs);
}

/* Under a cycle's row, its members with their inclusive costs, costliest
 * first. */
static void print_members(FILE *out, const struct columns *c, const size_t *w,
			  const struct both_columns *both, const struct cycle *cy,
			  const struct percall_columns *pw, const struct table *t)
{
	struct call_row *rows = xreallocarray(NULL, cy->nmembers, sizeof(*rows));

	for (size_t i = 0; i < cy->nmembers; i++)
		rows[i] = (struct call_row){ cy->members[i]->total, cy->members[i]->total,
					     cy->members[i], 0 };
	report_sort_calls(rows, cy->nmembers, c);
	for (size_t i = 0; i < cy->nmembers; i++) {
		struct both_line line = { rows[i].cost, NULL, rows[i].other, false };

		if (both != NULL)
			both_print_cells(out, c, both, &line);
		else
			columns_print_cost(out, c, w, rows[i].cost);
		blank_per_call(out, c, pw, t);
		fputs(" =   ", out);
		report_print_name(out, c, rows[i].other);
		print_object(out, rows[i].other->object);
		fputc('\n', out);
	}
	free(rows);
}

/* In the changes form a call's change is not bounded by its caller's or
 * callee's: the --tree lines of the shown rows widen the columns too. */
static void widen_trees(const struct profile *p, const struct options *opt,
			const struct columns *c, const struct table *t, size_t *w)
{
	for (size_t i = 0; i < t->nshown; i++) {
		for (int side = 0; side < 2; side++) {
			size_t n;
			cost_t *costs;
			struct call_row *rows;

			if (!(side == 0 ? opt->tree_caller : opt->tree_calling))
				continue;
			rows = call_rows(p, t->rows[i], side == 0, &n, &costs);
			for (size_t k = 0; k < n; k++)
				columns_widen(c, w, rows[k].cost);
			free(rows);
			free(costs);
		}
	}
}

void report_functions(FILE *out, const struct profile *p, const struct options *opt,
		      const struct columns *c, const struct table *t)
{
	size_t *w = columns_widths_new(c);
	bool tree = opt->tree_caller || opt->tree_calling;
	struct both_columns both = { NULL, NULL, NULL, NULL, 0, NULL };
	struct percall_columns per_call, *pw = t->per_call != NULL ? &per_call : NULL;

	for (size_t i = 0; i < t->nrows; i++)
		columns_widen(c, w, t->rows[i]->total);
	if (opt->both_costs)
		both_init(&both, p, opt, c, t);
	if (pw != NULL)
		percall_columns_init(pw, c, t);
	/* callgrind_annotate's trees do not widen its columns; cgannotate's
	 * own tables line their calls up too. */
	if ((c->changes || opt->both_costs) && tree)
		widen_trees(p, opt, c, t, opt->both_costs ? both.incl : w);
	report_rule(out);
	if (opt->both_costs)
		both_print_header(out, c, &both);
	else
		columns_print_events(out, c, w);
	if (pw != NULL)
		percall_print_header(out, c, pw);
	fprintf(out, " %s\n", grouping_label(opt->group_by));
	report_rule(out);
	for (size_t i = 0; i < t->nshown; i++) {
		const struct func *f = t->rows[i];
		bool unknown = strcmp(f->fullname, "???:???") == 0;

		if (tree)
			fputc('\n', out);
		if (opt->tree_caller && !unknown)
			print_tree(out, p, c, w, opt->both_costs ? &both : NULL, f, true, pw, t);
		if (opt->both_costs)
			both_print_cells(out, c, &both, &(struct both_line){ f->total, f, f, false });
		else
			columns_print_cost(out, c, w, f->total);
		if (pw != NULL)
			percall_print_cells(out, c, pw, t, f);
		fputs(tree ? " *  " : " ", out);
		report_print_name(out, c, f);
		if (f->object != NULL && *f->object)
			print_object(out, f->object);
		fputc('\n', out);
		if (tree && f->whole != NULL)
			print_members(out, c, w, opt->both_costs ? &both : NULL, f->whole, pw, t);
		if (opt->tree_calling && !unknown)
			print_tree(out, p, c, w, opt->both_costs ? &both : NULL, f, false, pw, t);
	}
	fputc('\n', out);
	if (opt->both_costs)
		both_release(&both);
	if (pw != NULL)
		percall_columns_release(pw);
	free(w);
}

struct call_row *report_call_rows(const struct profile *p, const struct func *f, bool callers,
				  size_t *n, cost_t **costs)
{
	return call_rows(p, f, callers, n, costs);
}

struct call_row *report_line_calls(const struct profile *p, const struct columns *c,
				   const struct line_entry *e, size_t *nrows, cost_t **out_costs)
{
	struct call_row *rows = NULL;
	size_t n = 0, cap = 0, nsites = 0;
	size_t nev = p->nevents;
	cost_t *costs;

	for (const struct call_site *s = e->sites; s; s = s->next)
		nsites++;
	/* Each row's cost and the cost it sorts by, out of their cells. */
	costs = xreallocarray(NULL, nsites, 2 * nev * sizeof(*costs));
	for (const struct call_site *s = e->sites; s; s = s->next) {
		const struct edge *edge;

		if (s->caller != e->sites->caller)
			continue;
		edge = profile_find_edge(p, s->caller, s->callee);
		xgrow(&rows, &cap, n + 1, sizeof(*rows));
		rows[n].cost = cells_expand(&p->spill, s->cost, costs + 2 * n * nev, nev);
		rows[n].sort_cost = edge ? edge_cost(p, edge, costs + (2 * n + 1) * nev) : NULL;
		rows[n].other = s->callee;
		rows[n].count = s->count;
		n++;
	}
	report_sort_calls(rows, n, c);
	*nrows = n;
	*out_costs = costs;
	return rows;
}

/* "=> callee (Nx)" for the calls the line's first caller makes from it,
 * ordered by that caller's whole call cost to each callee. */
void report_call_lines(FILE *out, const struct profile *p, const struct columns *c,
		       const size_t *w, const struct line_entry *e)
{
	size_t n;
	cost_t *costs;
	struct call_row *rows = report_line_calls(p, c, e, &n, &costs);
	char count[NUMFMT_COUNT_MAX];

	for (size_t i = 0; i < n; i++) {
		columns_print_cost(out, c, w, rows[i].cost);
		columns_format_count(c, count, rows[i].count);
		fputs(" => ", out);
		report_print_name(out, c, rows[i].other);
		fprintf(out, " (%sx)\n", count);
	}
	free(rows);
	free(costs);
}

void report_widen_call_lines(const struct profile *p, const struct columns *c, size_t *w,
			     const struct line_entry *e)
{
	cost_t *cost;

	if (e == NULL || e->sites == NULL)
		return;
	cost = xreallocarray(NULL, p->nevents ? p->nevents : 1, sizeof(*cost));
	for (const struct call_site *s = e->sites; s; s = s->next) {
		const cost_t *v;

		if (s->caller != e->sites->caller)
			continue;
		v = cells_expand(&p->spill, s->cost, cost, p->nevents);
		if (v != NULL)
			columns_widen(c, w, v);
	}
	free(cost);
}
