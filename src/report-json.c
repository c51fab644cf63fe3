#include "report-json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "calc-estimate.h"
#include "calc-group.h"
#include "calc-inclusive.h"
#include "calc-percall.h"
#include "fmt-json.h"
#include "fmt-num.h"
#include "keysort.h"
#include "xalloc.h"

static void write_cost(struct json *j, const cost_t *v, size_t n)
{
	json_cost(j, v, n);
}

/* Sorting: by the sort events (in a diff, by the size of the change),
 * largest first, then by name, so that the order never depends on the
 * order of the input.  Functions sort by the figure the text table would
 * show. */
struct order {
	const size_t *events;
	size_t nevents;
	bool magnitude;
	bool by_self;              /* functions by self cost, as the text table without --inclusive */
	const struct json_page *page;   /* NULL: the plain JSON report */
	const size_t *position;    /* with short calls: by function index, its place in "functions" */
	struct objects *objects;   /* with short calls: the objects named so far */
	struct call_list *calls;   /* room for a function's calls, one list at a time */
};

/* The objects the short form names by their place in "objects": a
 * profile has few, each the object of many functions. */
struct objects {
	const char **names;
	size_t n, cap;
};

static size_t object_place(struct objects *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->names[i] == name || strcmp(t->names[i], name) == 0)
			return i;
	xgrow(&t->names, &t->cap, t->n + 1, sizeof(*t->names));
	t->names[t->n] = name;
	return t->n++;
}

static cost_t sort_value(cost_t c, bool magnitude)
{
	if (c == COST_ABSENT)
		return -1;
	return magnitude && c < 0 ? -c : c;
}

static int cost_order(const struct order *o, const cost_t *a, const cost_t *b)
{
	for (size_t k = 0; k < o->nevents; k++) {
		cost_t x = a ? sort_value(a[o->events[k]], o->magnitude) : -1;
		cost_t y = b ? sort_value(b[o->events[k]], o->magnitude) : -1;

		if (x != y)
			return x > y ? -1 : 1;
	}
	return 0;
}

static int func_cmp(const void *a, const void *b, void *arg)
{
	const struct func *f = *(const struct func *const *)a;
	const struct func *g = *(const struct func *const *)b;
	const struct order *o = arg;
	int c = o->by_self ? cost_order(o, f->self, g->self) : cost_order(o, f->total, g->total);

	return c ? c : strcmp(f->fullname, g->fullname);
}

/* A key that orders cost vectors V as cost_order does by their first
 * sort event. */
static uint64_t first_key(const struct order *o, const cost_t *v)
{
	return keysort_desc_int(v != NULL && o->nevents > 0 ?
				sort_value(v[o->events[0]], o->magnitude) : -1);
}

struct func_tie {
	struct func **funcs;
	const struct order *o;
};

static int func_tie(size_t x, size_t y, void *arg)
{
	const struct func_tie *t = arg;

	return func_cmp(&t->funcs[x], &t->funcs[y], (void *)t->o);
}

/* FUNCS (N) in the order of O (func_cmp): by their first sort value,
 * func_cmp only where that is equal. */
static void sort_funcs(struct func **funcs, size_t n, const struct order *o)
{
	struct keyed *k = xreallocarray(NULL, n ? n : 1, sizeof(*k));
	struct func_tie t = { funcs, o };

	for (size_t i = 0; i < n; i++)
		k[i] = (struct keyed){ first_key(o, o->by_self ? funcs[i]->self : funcs[i]->total), i };
	keysort_items(funcs, sizeof(*funcs), k, n, func_tie, &t);
	free(k);
}

/* Each count of V per call of N calls, as --per-call shows it; null where
 * no call enters (N 0) or the count is absent. */
static void write_per_call(struct json *j, const cost_t *v, cost_t n, size_t nev)
{
	json_begin_inline_array(j);
	for (size_t i = 0; i < nev; i++) {
		cost_t x;

		if (v == NULL || v[i] == COST_ABSENT || n <= 0)
			json_null(j);
		else if (numfmt_per_call(v[i], n, &x))
			json_double(j, (double)x / 10);
		else
			json_int(j, x);
	}
	json_end_array(j);
}

/* F's inclusive estimate of every event (estimate_of); in the page's
 * short form (PAGE) null for an event the report did not estimate, whose
 * estimate is no inclusive cost of the function. */
static void write_estimate(struct json *j, const struct profile *p, const struct func *f,
			   bool page)
{
	json_begin_inline_array(j);
	for (size_t k = 0; k < p->nevents; k++) {
		cost_t c = page && f->estimate != NULL && f->estimate[k] == COST_ABSENT
			? COST_ABSENT : estimate_of(f, k);

		if (c == COST_ABSENT)
			json_null(j);
		else
			json_int(j, c);
	}
	json_end_array(j);
}

/* F's self and inclusive cost, and its inclusive estimate. */
static void write_costs(struct json *j, const struct profile *p, const struct func *f)
{
	json_key(j, "self");
	write_cost(j, f->self, p->nevents);
	json_key(j, "inclusive");
	write_cost(j, f->total, p->nevents);
	json_key(j, "inclusive_estimate");
	write_estimate(j, p, f, false);
}

/* F's self and inclusive costs per call (calc-percall.h). */
static void write_costs_per_call(struct json *j, const struct profile *p, const struct func *f)
{
	cost_t n = percall_entries(p, f);

	json_key(j, "self_per_call");
	write_per_call(j, f->self, n, p->nevents);
	json_key(j, "inclusive_per_call");
	write_per_call(j, f->total, n, p->nevents);
}

/* A call, its cost read from its cells where it is needed: a page names
 * most callers by their place alone, and sorting needs one event. */
struct call {
	const struct func *other;
	cost_t count;
	const cell_t *cells;       /* the call's cost, a cell per event (NULL: absent) */
	bool inside;               /* a call inside a cycle of calls */
};

/* A function's calls in or out, with their counts: the room is kept
 * from one function to the next (calls_free at the end), and a row for
 * the cost of the call being written. */
struct call_list {
	struct call *calls;
	size_t n, cap;
	cost_t *row;
};

/* C's sort value of sort event K of O (as sort_value). */
static cost_t call_value(const struct profile *p, const struct order *o, const struct call *c,
			 size_t k)
{
	return c->cells != NULL ? sort_value(cells_get(&p->spill, c->cells, o->events[k]),
					     o->magnitude) : -1;
}

/* As cost_order, then by name. */
static int call_cmp(const struct profile *p, const struct call *x, const struct call *y,
		    const struct order *o)
{
	for (size_t k = 0; k < o->nevents; k++) {
		cost_t a = call_value(p, o, x, k), b = call_value(p, o, y, k);

		if (a != b)
			return a > b ? -1 : 1;
	}
	return strcmp(x->other->fullname, y->other->fullname);
}

struct call_tie {
	const struct profile *p;
	const struct call *calls;
	const struct order *o;
};

static int call_tie(size_t x, size_t y, void *arg)
{
	const struct call_tie *t = arg;

	return call_cmp(t->p, &t->calls[x], &t->calls[y], t->o);
}

/* CALLS (N > 1) in the order of O (call_cmp): by their first sort value,
 * call_cmp only where that is equal.  Most lists are short: their keys
 * are on the stack. */
static void sort_calls(const struct profile *p, struct call *calls, size_t n,
		       const struct order *o)
{
	struct keyed small[16], *k = n <= 16 ? small : xreallocarray(NULL, n, sizeof(*k));
	struct call_tie t = { p, calls, o };

	for (size_t i = 0; i < n; i++)
		k[i] = (struct keyed){
			keysort_desc_int(o->nevents > 0 ? call_value(p, o, &calls[i], 0) : -1), i };
	keysort_items(calls, sizeof(*calls), k, n, call_tie, &t);
	if (k != small)
		free(k);
}

/* The place in "functions" of the function a call names in short form,
 * or SIZE_MAX: the call is written in full (no short form, or a function
 * --hide or --focus took out). */
static size_t short_position(const struct profile *p, const struct order *o,
			     const struct func *f)
{
	if (o->page == NULL || !o->page->short_calls || f->index >= p->nfuncs)
		return SIZE_MAX;
	return o->position[f->index];
}

/* CALLERS: a function's callers, of which the short form writes only the
 * place in "functions" (the call is in that function's callees). */
static void write_calls(struct json *j, const struct profile *p, const struct order *o,
			struct call *calls, size_t n, bool callers)
{
	cost_t *row = o->calls->row;

	if (n > 1)
		sort_calls(p, calls, n, o);
	json_begin_array(j);
	for (size_t i = 0; i < n; i++) {
		size_t at = short_position(p, o, calls[i].other);
		const cost_t *cost;

		if (at != SIZE_MAX && callers) {
			json_uint(j, at);
			continue;
		}
		cost = cells_expand(&p->spill, calls[i].cells, row, p->nevents);
		if (at != SIZE_MAX) {
			json_begin_inline_array(j);
			json_uint(j, at);
			json_int(j, calls[i].count);
			write_cost(j, cost, p->nevents);
			if (calls[i].inside)
				json_bool(j, true);
			json_end_array(j);
			continue;
		}
		json_begin_object(j);
		json_key(j, "file");
		json_string(j, calls[i].other->key.file->name);
		json_key(j, "function");
		json_string(j, calls[i].other->key.name);
		json_key(j, "count");
		json_int(j, calls[i].count);
		json_key(j, "inclusive");
		write_cost(j, cost, p->nevents);
		json_key(j, "recursive");
		json_bool(j, calls[i].inside);
		json_end_object(j);
	}
	json_end_array(j);
}

/* Gathers L, walking F's list once; returns how many calls it holds in all
 * (F's times called, for its calls in). */
static cost_t calls_gather(const struct profile *p, const struct func *f, bool incoming,
			   struct call_list *l)
{
	cost_t times = 0;

	l->n = 0;
	for (const struct edge *e = incoming ? f->in : f->out; e; e = incoming ? e->next_in : e->next_out) {
		xgrow(&l->calls, &l->cap, l->n + 1, sizeof(*l->calls));
		l->calls[l->n] = (struct call){ incoming ? e->key.caller : e->key.callee,
						edge_count(p, e), e->cells,
						cycles_call_inside(e->key.caller, e->key.callee) };
		times += l->calls[l->n].count;
		l->n++;
	}
	return times;
}

static void calls_free(struct call_list *l)
{
	free(l->calls);
	free(l->row);
}

/* "self" and "calls" of the source line or instruction E. */
static void write_site(struct json *j, const struct profile *p, const struct order *o,
		       const struct line_entry *e)
{
	size_t n = 0;
	struct call *calls;

	for (const struct call_site *s = e->sites; s; s = s->next)
		n++;
	calls = xreallocarray(NULL, n + 1, sizeof(*calls));
	n = 0;
	for (const struct call_site *s = e->sites; s; s = s->next)
		calls[n++] = (struct call){ s->callee, s->count, s->cost,
					    cycles_call_inside(s->caller, s->callee) };
	json_key(j, "self");
	write_cost(j, cells_expand(&p->spill, e->cost, o->calls->row, p->nevents), p->nevents);
	json_key(j, "calls");
	write_calls(j, p, o, calls, n, false);
	free(calls);
}

static void write_address(struct json *j, uint64_t a)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%" PRIx64, a);
	json_string(j, buf);
}

static void write_jumps(struct json *j, const struct jump *jumps)
{
	json_begin_array(j);
	for (const struct jump *jp = jumps; jp != NULL; jp = jp->next) {
		json_begin_object(j);
		json_key(j, "target");
		write_address(j, jp->target);
		json_key(j, "taken");
		json_int(j, jp->taken);
		json_key(j, "executed");
		if (jp->executed == COST_ABSENT)
			json_null(j);
		else
			json_int(j, jp->executed);
		/* The function the profile names for the target (jfn=), as the
		 * text report's "<name>" after the target. */
		json_key(j, "function");
		json_string(j, jp->to_name);
		json_end_object(j);
	}
	json_end_array(j);
}

static void write_instruction(struct json *j, const struct profile *p, const struct order *o,
			      const struct asm_func *af, const struct asm_line *al)
{
	const struct instr_info *info = &af->code->info[al->instr];

	json_begin_object(j);
	json_key(j, "address");
	write_address(j, al->address);
	json_key(j, "disassembly");
	json_string(j, al->text);
	json_key(j, "file");
	json_string(j, info->file ? info->file->name : NULL);
	json_key(j, "line");
	if (info->file != NULL)
		json_int(j, info->line);
	else
		json_null(j);
	write_site(j, p, o, &af->code->instrs.entries[al->instr]);
	json_key(j, "jumps");
	write_jumps(j, info->jumps);
	json_end_object(j);
}

/* The instructions the profile has for F, by address (by object first,
 * for the rare function with code in several). */
static void write_instructions(struct json *j, const struct profile *p, const struct order *o,
			       const struct asm_view *v, const struct func *f)
{
	size_t n;
	const struct asm_func *af = asm_find(v, f, &n);

	json_key(j, "instructions");
	json_begin_array(j);
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < af[k].nlines; i++)
			if (af[k].lines[i].instr >= 0)
				write_instruction(j, p, o, &af[k], &af[k].lines[i]);
	json_end_array(j);
}

/* Whether F's inclusive cost is a bound that its estimate differs from
 * (an absent count and 0 being the same cost), for some event estimated
 * (estimates are absent for events a report does not show). */
static bool estimate_differs(const struct profile *p, const struct func *f)
{
	if (!f->recursive || f->estimate == NULL || f->total == NULL)
		return false;
	for (size_t k = 0; k < p->nevents; k++) {
		cost_t a = f->total[k] == COST_ABSENT ? 0 : f->total[k];
		cost_t b = estimate_of(f, k);

		if (b != COST_ABSENT && a != b)
			return true;
	}
	return false;
}


/* "inlined_into": the function code inlined from another file was inlined
 * into (its file and name), or null.  In short form its place in
 * "functions", and nothing for null. */
static void write_host(struct json *j, const struct profile *p, const struct order *o,
		       const struct func *f)
{
	size_t at = f->host != NULL ? short_position(p, o, f->host) : SIZE_MAX;

	if (f->host == NULL && o->page != NULL && o->page->short_calls)
		return;
	json_key(j, "inlined_into");
	if (at != SIZE_MAX) {
		json_uint(j, at);
	} else if (f->host == NULL) {
		json_null(j);
	} else {
		json_begin_object(j);
		json_key(j, "file");
		json_string(j, f->host->key.file->name);
		json_key(j, "function");
		json_string(j, f->host->key.name);
		json_end_object(j);
	}
}

static void write_function(struct json *j, const struct profile *p, const struct order *o,
			   const struct func *f, const struct asm_view *v)
{
	struct call_list *calls = o->calls;
	cost_t times;

	json_begin_object(j);
	json_key(j, "file");
	json_string(j, f->key.file->name);
	json_key(j, "function");
	json_string(j, f->key.name);
	json_key(j, "object");
	if (o->objects != NULL && f->object && *f->object)
		json_uint(j, object_place(o->objects, f->object));
	else
		json_string(j, f->object && *f->object ? f->object : NULL);
	if (p->grouping != NULL) {
		json_key(j, "group");
		json_string(j, grouping_of(p->grouping, f)->key.name);
	}
	json_key(j, "self");
	write_cost(j, f->self, p->nevents);
	json_key(j, "inclusive");
	write_cost(j, f->total, p->nevents);
	if (o->page == NULL || estimate_differs(p, f)) {
		json_key(j, "inclusive_estimate");
		write_estimate(j, p, f, o->page != NULL);
	}
	times = calls_gather(p, f, true, calls);
	json_key(j, "calls");
	json_int(j, times);
	if (o->page == NULL)
		write_costs_per_call(j, p, f);
	if (f->cycle != NULL || o->page == NULL) {
		json_key(j, "cycle");
		if (f->cycle != NULL)
			json_uint(j, f->cycle->id);
		else
			json_null(j);
	}
	write_host(j, p, o, f);
	if (o->page != NULL && o->page->function != NULL)
		o->page->function(j, f, o->page->arg);
	json_key(j, "callers");
	write_calls(j, p, o, calls->calls, calls->n, true);
	calls_gather(p, f, false, calls);
	json_key(j, "callees");
	write_calls(j, p, o, calls->calls, calls->n, false);
	if (v != NULL && v->first[f->index] != 0)
		write_instructions(j, p, o, v, f);
	json_end_object(j);
}

static int line_cmp(const void *a, const void *b)
{
	const struct line_entry *x = *(const struct line_entry *const *)a;
	const struct line_entry *y = *(const struct line_entry *const *)b;

	return (x->line > y->line) - (x->line < y->line);
}

static void write_line(struct json *j, const struct profile *p, const struct order *o,
		       const struct line_entry *e)
{
	json_begin_object(j);
	json_key(j, "line");
	json_int(j, e->line);
	write_site(j, p, o, e);
	json_end_object(j);
}

static void write_file(struct json *j, const struct profile *p, const struct order *o,
		       const struct pfile *f)
{
	const struct line_entry **lines = xmalloc((f->lines.count + 1) * sizeof(*lines));

	for (size_t i = 0; i < f->lines.count; i++)
		lines[i] = &f->lines.entries[i];
	qsort(lines, f->lines.count, sizeof(*lines), line_cmp);
	json_begin_object(j);
	json_key(j, "file");
	json_string(j, f->name);
	json_key(j, "lines");
	json_begin_array(j);
	for (size_t i = 0; i < f->lines.count; i++)
		write_line(j, p, o, lines[i]);
	json_end_array(j);
	json_end_object(j);
	free(lines);
}

static int file_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct pfile *const *)a)->name,
		      (*(const struct pfile *const *)b)->name);
}

/* Files with per-line data, by name (or those of the page). */
static void write_files(struct json *j, const struct profile *p, const struct order *o)
{
	size_t n = 0;
	const struct pfile **files = xmalloc((HASH_COUNT(p->files) + 1) * sizeof(*files));

	if (o->page != NULL && o->page->files != NULL) {
		for (size_t i = 0; i < o->page->nfiles && n < HASH_COUNT(p->files); i++)
			files[n++] = o->page->files[i];
	} else {
		for (const struct pfile *f = p->files; f; f = f->hh.next)
			if (f->annotatable && f->lines.count > 0)
				files[n++] = f;
		qsort(files, n, sizeof(*files), file_cmp);
	}
	json_begin_array(j);
	for (size_t i = 0; i < n; i++)
		write_file(j, p, o, files[i]);
	json_end_array(j);
	free(files);
}

/* The cycles of calls, by number: members (by name), costs, calls in. */
static void write_cycles(struct json *j, const struct profile *p)
{
	json_begin_array(j);
	for (size_t k = 0; k < p->ncycles; k++) {
		const struct cycle *c = &p->cycles[k];

		json_begin_object(j);
		json_key(j, "id");
		json_uint(j, c->id);
		json_key(j, "members");
		json_begin_array(j);
		for (size_t m = 0; m < c->nmembers; m++) {
			json_begin_object(j);
			json_key(j, "file");
			json_string(j, c->members[m]->key.file->name);
			json_key(j, "function");
			json_string(j, c->members[m]->key.name);
			json_end_object(j);
		}
		json_end_array(j);
		json_key(j, "self");
		write_cost(j, c->self, p->nevents);
		json_key(j, "inclusive");
		write_cost(j, c->inclusive, p->nevents);
		json_key(j, "calls");
		json_int(j, c->calls);
		json_end_object(j);
	}
	json_end_array(j);
}

/* What was wrong with the input and the figures made from it, as the
 * warnings on standard error said it. */
static void write_warnings(struct json *j, const struct warnings *w)
{
	char *more = warnings_more(w);

	json_key(j, "warnings");
	json_begin_array(j);
	for (size_t i = 0; i < w->n; i++)
		json_string(j, w->text[i]);
	if (more != NULL)
		json_string(j, more);
	json_end_array(j);
	free(more);
}

/* --group-by's groups, in the order of the functions: their costs as the
 * functions', the calls entering each and how many functions it has. */
static void write_groups(struct json *j, struct grouping *gr, const struct options *opt,
			 const struct order *functions)
{
	struct profile *m = grouping_model(gr);
	struct order o = *functions;
	size_t n;
	struct func **rows = inclusive_compute(m, true, &n);

	o.page = NULL;
	sort_funcs(rows, n, &o);
	json_key(j, "group_by");
	json_string(j, grouping_label(opt->group_by));
	json_key(j, "groups");
	json_begin_array(j);
	for (size_t i = 0; i < n; i++) {
		const struct func *g = rows[i];

		json_begin_object(j);
		json_key(j, "group");
		json_string(j, g->key.name);
		write_costs(j, m, g);
		json_key(j, "exact");
		json_bool(j, !g->recursive);
		json_key(j, "calls");
		json_int(j, profile_times_called(m, g));
		json_key(j, "functions");
		json_uint(j, grouping_members(gr, g));
		write_costs_per_call(j, m, g);
		json_end_object(j);
	}
	json_end_array(j);
	free(rows);
}

static void write_header(struct json *j, const struct profile *p, const struct options *opt)
{
	static const char *const modes[] = { "single", "merge", "diff" };
	const char *cmd = p->cmd;

	/* The command of "file": in a diff, NEW's, that of its first part. */
	for (size_t i = 0; opt->mode == MODE_DIFF && i < p->nparts; i++)
		if (!p->parts[i].negated) {
			cmd = p->parts[i].cmd;
			break;
		}

	json_key(j, "format");
	json_string(j, "callgrind");
	json_key(j, "file");
	json_string(j, opt->profiles[opt->mode == MODE_DIFF ? 1 : 0]);
	json_key(j, "mode");
	json_string(j, modes[opt->mode]);
	json_key(j, "inputs");
	json_begin_array(j);
	for (size_t i = 0; i < opt->nprofiles; i++)
		json_string(j, opt->profiles[i]);
	json_end_array(j);
	json_key(j, "creator");
	json_string(j, *p->creator ? p->creator : NULL);
	json_key(j, "command");
	json_string(j, *cmd ? cmd : NULL);
	json_key(j, "parts");
	json_begin_array(j);
	for (size_t i = 0; i < p->nparts; i++) {
		/* A later part without a cmd: line runs its profile's command. */
		if (*p->parts[i].cmd || p->parts[i].number == 1)
			cmd = p->parts[i].cmd;
		if (p->parts[i].skipped)
			continue;
		json_begin_object(j);
		json_key(j, "file");
		json_string(j, p->parts[i].path);
		json_key(j, "number");
		json_uint(j, p->parts[i].number);
		json_key(j, "subtracted");
		json_bool(j, p->parts[i].negated);
		json_key(j, "command");
		json_string(j, *cmd ? cmd : NULL);
		json_end_object(j);
	}
	json_end_array(j);
	json_key(j, "focus");
	json_begin_array(j);
	for (size_t i = 0; i < opt->nfocus; i++)
		json_string(j, opt->focus[i]);
	json_end_array(j);
	json_key(j, "estimated");
	json_bool(j, p->focused);
	write_warnings(j, &p->warnings);
	json_key(j, "events");
	json_begin_array(j);
	for (size_t i = 0; i < p->nevents; i++) {
		json_begin_object(j);
		json_key(j, "name");
		json_string(j, p->events[i].name);
		json_key(j, "long_name");
		json_string(j, p->events[i].long_name);
		json_key(j, "formula");
		json_string(j, p->events[i].formula);
		json_end_object(j);
	}
	json_end_array(j);
}

void report_json_write(struct json *j, struct profile *p, const struct options *opt,
		       const struct columns *c, const struct table *t, const struct asm_view *v,
		       const struct json_page *page)
{
	struct objects objects = { NULL, 0, 0 };
	struct call_list calls = { NULL, 0, 0, xreallocarray(NULL, p->nevents + 1, sizeof(cost_t)) };
	struct order o = { c->sort, c->nsort, t->diff, !opt->inclusive, page, NULL, NULL, &calls };
	size_t nfuncs;
	struct func **funcs = inclusive_compute(p, true, &nfuncs);
	size_t *position = NULL;

	sort_funcs(funcs, nfuncs, &o);
	if (page != NULL && page->short_calls) {
		position = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*position));
		/* A function with no row (no cost at all) is named in full. */
		for (size_t i = 0; i < p->nfuncs; i++)
			position[i] = SIZE_MAX;
		/* Places in "functions", where cycles have no row. */
		for (size_t i = 0, k = 0; i < nfuncs; i++)
			if (funcs[i]->whole == NULL)
				position[funcs[i]->index] = k++;
		o.position = position;
		o.objects = &objects;
	}
	write_header(j, p, opt);
	json_key(j, "totals");
	write_cost(j, t->summary, p->nevents);
	json_key(j, "totals_calculated");
	json_bool(j, t->calculated);
	if (o.magnitude) {
		json_key(j, "base");
		write_cost(j, t->base, p->nevents);
	}
	json_key(j, "functions");
	json_begin_array(j);
	for (size_t i = 0; i < nfuncs; i++)
		if (funcs[i]->whole == NULL)
			write_function(j, p, &o, funcs[i], v);
	json_end_array(j);
	if (o.objects != NULL) {
		json_key(j, "objects");
		json_begin_array(j);
		for (size_t i = 0; i < objects.n; i++)
			json_string(j, objects.names[i]);
		json_end_array(j);
	}
	json_key(j, "cycles");
	write_cycles(j, p);
	if (p->grouping != NULL)
		write_groups(j, p->grouping, opt, &o);
	if (opt->auto_annotate || opt->nuser > 0) {
		json_key(j, "files");
		write_files(j, p, &o);
	}
	if (page != NULL && page->more != NULL)
		page->more(j, page->arg);
	calls_free(&calls);
	free(objects.names);
	free(position);
	free(funcs);
}

void report_json(FILE *out, struct profile *p, const struct options *opt,
		 const struct columns *c, const struct table *t, const struct asm_view *v)
{
	struct json j;

	json_init(&j, out);
	json_begin_object(&j);
	report_json_write(&j, p, opt, c, t, v, NULL);
	json_end_object(&j);
	json_finish(&j);
}
