#include "tui-data.h"

#include <stdlib.h>
#include <string.h>

#include "calc-estimate.h"
#include "calc-inclusive.h"
#include "diag.h"
#include "read-objdump.h"
#include "xalloc.h"

/* The stages of the estimates' thread. */
enum { MADE_NOTHING, MADE_STACKS, MADE_ESTIMATES };

static void *make_estimates(void *arg)
{
	struct tui_data *d = arg;

	struct stackset set;
	size_t primary = d->cols->primary;

	stacks_estimate(&d->own_stacks, d->p, primary);
	atomic_store(&d->estimates.stage, MADE_STACKS);
	/* The primary event's, as the page shows them. */
	stackset_start(&set, d->p, &primary, 1, &d->own_stacks, primary);
	d->estimates_failed = !estimate_compute(d->p, &set);
	stackset_release(&set);
	atomic_store(&d->estimates.stage, MADE_ESTIMATES);
	return NULL;
}

static void job_start(struct tui_job *job, void *(*run)(void *), void *arg)
{
	atomic_store(&job->stage, 0);
	job->started = pthread_create(&job->thread, NULL, run, arg) == 0;
	if (!job->started)
		run(arg);
}

static void job_join(struct tui_job *job)
{
	if (job->started && pthread_join(job->thread, NULL) != 0)
		die(EXIT_INPUT, "a thread of the browser could not be joined");
	job->started = false;
}

/* The rows, as JSON has them: every function with an inclusive cost
 * (inclusive_compute leaves it in f->total, which nothing changes while
 * the browser runs), then the cycles' rows; and their calls. */
static void take_rows(struct tui_data *d)
{
	struct profile *p = d->p;
	struct options self = *d->opt;

	/* PROGRAM TOTALS as JSON and the text report without --inclusive
	 * have them (the reference sums inclusive costs when it has none);
	 * of the table nothing else is used: no row is taken out of its
	 * order. */
	self.inclusive = false;
	self.format = FORMAT_TEXT;
	self.sort_thresholds = false;
	self.threshold = (char *)"0";
	table_build(&d->table, p, &self, d->cols->sort, d->cols->nsort);
	d->cols->summary = d->table.base;
	d->cols->changes = d->table.diff;
	d->total = d->table.base;
	d->rows = inclusive_compute(p, true, &d->nrows);
	d->calls = xmalloc((d->nrows ? d->nrows : 1) * sizeof(*d->calls));
	for (size_t r = 0; r < d->nrows; r++) {
		const struct func *f = d->rows[r];

		d->calls[r] = f->whole != NULL ? f->whole->calls : profile_times_called(p, f);
	}
}

/* The tree of the stacks: each frame's width (what the stacks through it
 * hold: under --focus, those through a match), its children, the roots,
 * and each function's frames. */
static void index_stacks(struct tui_data *d)
{
	const struct stacks *s = d->stacks;
	size_t n = s->n, nf = d->p->nfuncs, *fill;

	d->width = xcalloc(n ? n : 1, sizeof(*d->width));
	for (size_t f = n; f-- > 0;) {
		if (s->frames[f].shown)
			d->width[f] += s->frames[f].count;
		if (s->frames[f].parent != STACKS_ROOT)
			d->width[s->frames[f].parent] += d->width[f];
	}
	d->kid_first = xcalloc(n + 2, sizeof(*d->kid_first));
	d->kids = xmalloc((n ? n : 1) * sizeof(*d->kids));
	d->roots = xmalloc((n ? n : 1) * sizeof(*d->roots));
	d->nroots = 0;
	for (size_t f = 0; f < n; f++) {
		if (s->frames[f].parent == STACKS_ROOT)
			d->roots[d->nroots++] = f;
		else
			d->kid_first[s->frames[f].parent + 1]++;
	}
	for (size_t f = 0; f < n; f++)
		d->kid_first[f + 1] += d->kid_first[f];
	fill = xmalloc((n + 1) * sizeof(*fill));
	memcpy(fill, d->kid_first, (n + 1) * sizeof(*fill));
	for (size_t f = 0; f < n; f++)
		if (s->frames[f].parent != STACKS_ROOT)
			d->kids[fill[s->frames[f].parent]++] = f;
	free(fill);
	/* Each function's frames; a function --focus took out has none. */
	d->frames_first = xcalloc(nf + 2, sizeof(*d->frames_first));
	d->frames_of = xmalloc((n ? n : 1) * sizeof(*d->frames_of));
	for (size_t f = 0; f < n; f++)
		if (s->frames[f].func->index < nf)
			d->frames_first[s->frames[f].func->index + 1]++;
	for (size_t i = 0; i < nf; i++)
		d->frames_first[i + 1] += d->frames_first[i];
	fill = xmalloc((nf + 1) * sizeof(*fill));
	memcpy(fill, d->frames_first, (nf + 1) * sizeof(*fill));
	for (size_t f = 0; f < n; f++)
		if (s->frames[f].func->index < nf)
			d->frames_of[fill[s->frames[f].func->index]++] = f;
	free(fill);
	d->stacks_total = table_program_total(d->p, d->cols->primary);
}

void data_init(struct tui_data *d, const struct tui_source *src)
{
	memset(d, 0, sizeof(*d));
	d->p = src->p;
	d->opt = src->opt;
	d->cols = src->cols;
	d->src = src;
	d->marks = !src->p->focused && !profile_is_diff(src->p);
	take_rows(d);
	if (src->stacks != NULL) {
		d->stacks = src->stacks;
		index_stacks(d);
		atomic_store(&d->estimates.stage, MADE_ESTIMATES);
		d->estimates_failed = true;
	} else if (src->estimate) {
		d->estimating = true;
	} else {
		atomic_store(&d->estimates.stage, MADE_ESTIMATES);
		d->estimates_failed = true;
		d->no_stacks = d->opt->mode == MODE_DIFF
			? "a diff has no stacks: its costs are changes, which no stack can hold"
			: "the profile has negative costs (a profile of differences): no stack can hold them";
	}
}

static bool reading_done(struct tui_data *d);

static void free_codes(struct tui_data *d)
{
	while (d->codes != NULL) {
		struct tui_code *next = d->codes->next;

		asm_release(&d->codes->view);
		free(d->codes);
		d->codes = next;
	}
}

void data_release(struct tui_data *d)
{
	/* A thread at work is waited for: it uses the model. */
	job_join(&d->estimates);
	if (d->estimating && d->stacks == NULL && atomic_load(&d->estimates.stage) >= MADE_STACKS)
		d->stacks = &d->own_stacks;
	if (d->reading_code)
		reading_done(d);
	free_codes(d);
	if (d->code_mine && d->code != NULL) {
		profile_release(d->code);
		free(d->code);
	}
	if (d->stacks == &d->own_stacks)
		stacks_release(&d->own_stacks);
	free(d->width);
	free(d->kid_first);
	free(d->kids);
	free(d->roots);
	free(d->frames_first);
	free(d->frames_of);
	free(d->calls);
	free(d->rows);
	table_release(&d->table);
	memset(d, 0, sizeof(*d));
}

void data_start(struct tui_data *d)
{
	if (d->estimating && !d->estimates.started && atomic_load(&d->estimates.stage) == 0)
		job_start(&d->estimates, make_estimates, d);
}

/* Take what the estimates' thread made so far. */
static bool take_estimates(struct tui_data *d)
{
	int stage;

	if (!d->estimating)
		return false;
	stage = atomic_load(&d->estimates.stage);
	if (stage >= MADE_STACKS && d->stacks == NULL) {
		d->stacks = &d->own_stacks;
		index_stacks(d);
		if (stage < MADE_ESTIMATES)
			return true;
	}
	if (stage < MADE_ESTIMATES)
		return false;
	job_join(&d->estimates);
	d->estimating = false;
	return true;
}

bool data_busy(struct tui_data *d, bool *news)
{
	*news = take_estimates(d);
	if (d->reading_code && atomic_load(&d->reading.stage) > 0)
		*news |= reading_done(d);
	return d->estimating || d->reading_code;
}

void data_wait(struct tui_data *d)
{
	bool news;

	if (d->estimating)
		job_join(&d->estimates);
	if (d->reading_code)
		job_join(&d->reading);
	d->estimates.started = d->reading.started = false;
	data_busy(d, &news);
}

bool data_stacks_ready(struct tui_data *d)
{
	take_estimates(d);
	return d->stacks != NULL || d->no_stacks != NULL;
}

enum tui_incl data_incl_kind(const struct tui_data *d, const struct func *f, size_t event,
			     cost_t *estimate)
{
	if (!d->marks || !f->recursive || f->total == NULL)
		return INCL_EXACT;
	if (d->estimating)
		return INCL_PENDING;
	if (d->estimates_failed)
		return INCL_BOUND;
	*estimate = estimate_of(f, event);
	return *estimate == f->total[event] ? INCL_BOUND : INCL_BOTH;
}

/* --- machine code ------------------------------------------------------ */

static void *read_code(void *arg)
{
	struct tui_data *d = arg;

	d->code_read = d->src->read_code(d->src->arg);
	atomic_store(&d->reading.stage, 1);
	return NULL;
}

/* The instructions' profile, read: why there is no machine code, if so. */
static bool reading_done(struct tui_data *d)
{
	job_join(&d->reading);
	d->reading_code = false;
	d->code = d->code_read;
	d->code_mine = d->code != NULL;
	if (d->code == NULL)
		d->no_code = "the machine code needs the profile read again, and standard input "
			     "cannot be read twice: name the profile's file";
	else if (d->code->instr_missing)
		d->no_code = "the profile has no instruction addresses: record it with valgrind "
			     "--tool=callgrind --dump-instr=yes (and --collect-jumps=yes for jumps)";
	return true;
}

const struct func *data_same_func(const struct tui_data *d, const struct func *g)
{
	const struct profile *p = d->code == d->p ? NULL : d->code;

	if (p == NULL || g->whole != NULL)
		return g;
	for (size_t i = 0; i < d->p->nfuncs; i++)
		if (strcmp(d->p->func_list[i]->fullname, g->fullname) == 0)
			return d->p->func_list[i];
	return NULL;
}

/* F's function in the instructions' profile, or NULL. */
static struct func *code_func(const struct tui_data *d, const struct func *f)
{
	if (d->code == d->p)
		return (struct func *)f;
	for (size_t i = 0; i < d->code->nfuncs; i++)
		if (strcmp(d->code->func_list[i]->fullname, f->fullname) == 0)
			return d->code->func_list[i];
	return NULL;
}

/* F's machine code, disassembled now. */
static struct tui_code *disassemble(struct tui_data *d, const struct func *f)
{
	struct tui_code *c = xcalloc(1, sizeof(*c));
	struct func *g = code_func(d, f);
	struct options opt = *d->opt;

	/* Only F, whatever --asm-function says. */
	opt.asm_view = true;
	opt.nasm_functions = 0;
	c->func = f;
	asm_build(&c->view, d->code, &opt, &g, g != NULL ? 1 : 0, 1, (size_t)d->opt->context);
	c->af = g != NULL ? asm_find(&c->view, g, &c->naf) : NULL;
	c->next = d->codes;
	d->codes = c;
	return c;
}

const struct tui_code *data_code(struct tui_data *d, const struct func *f, const char **why)
{
	*why = NULL;
	if (f->whole != NULL) {
		*why = "a cycle of calls has no machine code of its own: see its members'";
		return NULL;
	}
	if (d->code == NULL && d->no_code == NULL) {
		if (!objdump_available(asm_objdump_program()))
			d->no_code = "the machine code needs objdump (GNU binutils); install binutils "
				     "or set OBJDUMP to the objdump to use";
		else if (d->src->code != NULL)
			d->code = d->src->code;
		else if (!d->reading_code) {
			d->reading_code = true;
			job_start(&d->reading, read_code, d);
		}
		if (d->reading_code && atomic_load(&d->reading.stage) > 0)
			reading_done(d);
	}
	if (d->no_code != NULL) {
		*why = d->no_code;
		return NULL;
	}
	if (d->code == NULL)
		return NULL;
	for (struct tui_code *c = d->codes; c != NULL; c = c->next)
		if (c->func == f)
			return c;
	return disassemble(d, f);
}
