#include "report-text.h"

#include <stdlib.h>
#include <string.h>

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
	if (opt->both_costs)
		fputs("Inclusive:        both\n", out);
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

/* The columns of --inclusive=both: for each shown event its inclusive and
 * its self count, then the calls.  Widths are by event, as elsewhere. */
struct both_columns {
	const struct profile *p;
	size_t *incl, *self;
	size_t calls;
};

static size_t *widths_named(const struct columns *c, const char *suffix)
{
	size_t *w = columns_widths_new(c);

	for (size_t i = 0; i < c->nevents; i++)
		w[i] += strlen(suffix);
	return w;
}

static void both_init(struct both_columns *b, const struct profile *p, const struct columns *c,
		      const struct table *t)
{
	b->p = p;
	b->incl = widths_named(c, " incl");
	b->self = widths_named(c, " self");
	b->calls = strlen("calls");
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
}

static void both_print_header(FILE *out, const struct columns *c, const struct both_columns *b)
{
	for (size_t k = 0; k < c->nshow; k++) {
		const char *name = c->events[c->show[k]].name;
		size_t pad_incl = b->incl[c->show[k]] - strlen(name);
		size_t pad_self = b->self[c->show[k]] - strlen(name);

		fprintf(out, "%s%-*s %s%-*s ", name, (int)pad_incl, " incl", name, (int)pad_self,
			" self");
	}
	fprintf(out, "%-*s ", (int)b->calls, "calls");
}

/* The cells of a row: F's inclusive and self counts and its calls; or,
 * for a --tree line (F NULL), the call's cost INCL under the inclusive
 * columns and the others blank, so that the line keeps its fields. */
static void both_print_cells(FILE *out, const struct columns *c, const struct both_columns *b,
			     const cost_t *incl, const struct func *f)
{
	char count[NUMFMT_COUNT_MAX] = "";
	size_t len = 0;

	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];

		columns_print_count(out, c, b->incl, i, incl ? incl[i] : COST_ABSENT);
		if (f != NULL)
			columns_print_count(out, c, b->self, i, f->self ? f->self[i] : COST_ABSENT);
		else
			fprintf(out, "%*s ", (int)b->self[i], "");
	}
	if (f != NULL)
		len = columns_format_count(c, count, times_called(b->p, f));
	/* Padded by characters: "±0" is 3 bytes. */
	fprintf(out, "%*s%s ", (int)(b->calls > len ? b->calls - len : 0), "", count);
}

static void both_release(struct both_columns *b)
{
	free(b->incl);
	free(b->self);
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
		if (both != NULL)
			both_print_cells(out, c, both, rows[i].cost, NULL);
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
		if (both != NULL)
			both_print_cells(out, c, both, rows[i].cost, NULL);
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
	struct both_columns both = { NULL, NULL, NULL, 0 };
	struct percall_columns per_call, *pw = t->per_call != NULL ? &per_call : NULL;

	for (size_t i = 0; i < t->nrows; i++)
		columns_widen(c, w, t->rows[i]->total);
	if (opt->both_costs)
		both_init(&both, p, c, t);
	if (pw != NULL)
		percall_columns_init(pw, c, t);
	if (c->changes && tree)
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
			both_print_cells(out, c, &both, f->total, f);
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

/* "=> callee (Nx)" for the calls the line's first caller makes from it,
 * ordered by that caller's whole call cost to each callee. */
void report_call_lines(FILE *out, const struct profile *p, const struct columns *c,
		       const size_t *w, const struct line_entry *e)
{
	struct call_row *rows = NULL;
	size_t n = 0, cap = 0, nsites = 0;
	char count[NUMFMT_COUNT_MAX];
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

	if (!c->changes || e == NULL || e->sites == NULL)
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
