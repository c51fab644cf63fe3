/* A function's source file, line by line, each line with its costs and
 * the calls made from it ("=> callee (Nx)", the text report's lines),
 * opened at the function's hottest line. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "report-annotate.h"
#include "report-text.h"
#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

/* The least room the source text keeps when the columns of more events
 * would fit. */
#define TEXT_ROOM 40
#define TAB_WIDTH 8

/* The calls made from a line, as the text report lists them. */
struct calls {
	uint64_t line;
	struct call_row *rows;
	cost_t *costs;
	size_t n;
};

struct row {
	uint64_t line;             /* 0: the costs of no known line */
	size_t calls;              /* index in calls, or SIZE_MAX */
	size_t call;               /* the call of that line this row is, or SIZE_MAX */
};

struct source {
	struct tui *ui;
	const struct func *f;
	const struct pfile *file;
	char **text;               /* the file's lines, from line 1 */
	size_t ntext;
	char *path;                /* where it was found */
	struct row *rows;
	size_t nrows, cap;
	struct calls *calls;
	size_t ncalls, calls_cap;
	struct draw_columns cols;
	int number_width;
	cost_t *cost;              /* a line's costs, out of their cells */
	size_t *hot;               /* rows by cost, hottest first */
	size_t nhot, hot_at;
};

static struct source *state(const struct tui_view *v)
{
	return v->state;
}

/* Read the file's lines, tabs expanded. */
static bool read_text(struct source *s)
{
	const char *dir;
	FILE *in = annotate_open_source(s->ui->data.opt, s->file->name, &s->path, &dir);
	char *line = NULL;
	size_t cap = 0, tcap = 0;
	ssize_t len;

	if (in == NULL)
		return false;
	while ((len = getline(&line, &cap, in)) >= 0) {
		char *out;
		size_t o = 0, col = 0;

		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			len--;
		out = xmalloc((size_t)len * TAB_WIDTH + 1);
		for (ssize_t i = 0; i < len; i++) {
			if (line[i] == '\t') {
				do
					out[o++] = ' ';
				while (++col % TAB_WIDTH != 0);
			} else {
				out[o++] = line[i];
				col += ((unsigned char)line[i] & 0xc0) != 0x80;
			}
		}
		out[o] = '\0';
		xgrow(&s->text, &tcap, s->ntext + 1, sizeof(*s->text));
		s->text[s->ntext++] = out;
	}
	free(line);
	fclose(in);
	return true;
}

static void add_row(struct source *s, uint64_t line, size_t calls, size_t call)
{
	xgrow(&s->rows, &s->cap, s->nrows + 1, sizeof(*s->rows));
	s->rows[s->nrows++] = (struct row){ line, calls, call };
}

/* Line LINE, and its calls. */
static void add_line(struct source *s, uint64_t line)
{
	const struct tui_data *d = &s->ui->data;
	const struct line_entry *e = linetab_find(&s->file->lines, line);
	struct calls *c;

	if (e == NULL || e->sites == NULL) {
		add_row(s, line, SIZE_MAX, SIZE_MAX);
		return;
	}
	xgrow(&s->calls, &s->calls_cap, s->ncalls + 1, sizeof(*s->calls));
	c = &s->calls[s->ncalls];
	c->line = line;
	c->rows = report_line_calls(d->p, d->cols, e, &c->n, &c->costs);
	add_row(s, line, s->ncalls, SIZE_MAX);
	for (size_t i = 0; i < c->n; i++) {
		add_row(s, line, s->ncalls, i);
		draw_columns_widen(&s->cols, c->rows[i].cost);
	}
	s->ncalls++;
}

static int line_order(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The rows: the costs of no known line, every line of the file, then
 * the lines with costs past its end. */
static void make_rows(struct source *s)
{
	const struct linetab *t = &s->file->lines;
	const struct tui_data *d = &s->ui->data;
	uint64_t *lines = xmalloc((t->count ? t->count : 1) * sizeof(*lines)), last = 0;
	size_t n = 0;

	for (size_t i = 0; i < t->count; i++) {
		draw_columns_widen(&s->cols, cells_expand(&d->p->spill, t->entries[i].cost, s->cost,
							  d->cols->nevents));
		lines[n++] = t->entries[i].line;
		if (t->entries[i].line > last)
			last = t->entries[i].line;
	}
	qsort(lines, n, sizeof(*lines), line_order);
	if (n > 0 && lines[0] == 0)
		add_line(s, 0);
	for (size_t i = 1; i <= s->ntext; i++)
		add_line(s, i);
	for (size_t i = 0; i < n; i++)
		if (lines[i] > s->ntext)
			add_line(s, lines[i]);
	s->number_width = (int)numfmt_count_width((cost_t)(last > s->ntext ? last : s->ntext));
	free(lines);
}

/* Row R's costs: its line's, or its call's. */
static const cost_t *row_cost(struct source *s, const struct row *r)
{
	const struct line_entry *e;

	if (r->call != SIZE_MAX)
		return s->calls[r->calls].rows[r->call].cost;
	e = linetab_find(&s->file->lines, r->line);
	return e != NULL ? cells_expand(&s->ui->data.p->spill, e->cost, s->cost,
					s->ui->data.cols->nevents) : NULL;
}

/* The function's lines with a cost of the event shown first, hottest
 * first (all the file's when the profile gives no lines of it). */
static void find_hot(struct source *s)
{
	size_t event = s->ui->event;
	cost_t *key = xcalloc(s->nrows + 1, sizeof(*key));
	bool range = s->f->first_line != 0;

	free(s->hot);
	s->hot = xmalloc((s->nrows + 1) * sizeof(*s->hot));
	s->nhot = 0;
	for (size_t i = 0; i < s->nrows; i++) {
		const struct row *r = &s->rows[i];
		const cost_t *v;

		if (r->call != SIZE_MAX || (range && (r->line < s->f->first_line ||
						      r->line > s->f->last_line)))
			continue;
		v = row_cost(s, r);
		if (v == NULL || v[event] == COST_ABSENT || v[event] == 0)
			continue;
		key[i] = v[event] < 0 ? -v[event] : v[event];
		s->hot[s->nhot++] = i;
	}
	list_sort_hot(s->hot, s->nhot, key);
	free(key);
}

static void row(void *arg, size_t i, int y, int width, bool selected)
{
	struct tui_view *v = arg;
	struct source *s = state(v);
	const struct tui_data *d = &s->ui->data;
	const struct row *r = &s->rows[i];
	const cost_t *cost = row_cost(s, r);
	int look = draw_look(cost != NULL && r->call == SIZE_MAX ? LOOK_PLAIN : LOOK_DIM, selected);
	int x = draw_columns_cells(&s->cols, y, 0, cost, draw_look(LOOK_PLAIN, selected));
	char number[NUMFMT_COUNT_MAX + 4];

	if (r->call != SIZE_MAX) {
		x = draw_left(y, x, s->number_width + 1, "", look);
		draw_call_line(y, x, width, d->cols, &s->calls[r->calls].rows[r->call], look);
		return;
	}
	if (r->line == 0)
		snprintf(number, sizeof(number), "%*s", s->number_width, "?");
	else
		snprintf(number, sizeof(number), "%*" PRIu64, s->number_width, r->line);
	x = draw_left(y, x, s->number_width + 1, number, draw_look(LOOK_DIM, selected));
	draw_left(y, x, width - x, r->line == 0 ? "(costs of no known line)" :
		  r->line > s->ntext ? "(a line past the end of the file)" : s->text[r->line - 1],
		  look);
}

static void head(struct tui_view *v, int y, int width)
{
	struct source *s = state(v);
	int x;

	draw_columns_fit(&s->cols, s->ui->event, width, TEXT_ROOM);
	x = draw_columns_head(&s->cols, y, 0, LOOK_HEADING);
	draw_left(y, x, width - x, s->path != NULL ? s->path : s->file->name, LOOK_HEADING);
}

/* The callee of row I's call, or of the first call of its line. */
static const struct func *callee(const struct source *s, size_t i)
{
	const struct row *r = &s->rows[i];

	if (r->calls == SIZE_MAX)
		return NULL;
	return s->calls[r->calls].rows[r->call != SIZE_MAX ? r->call : 0].other;
}

static bool act(struct tui_view *v, enum tui_action a)
{
	struct source *s = state(v);

	switch (a) {
	case ACT_OPEN:
		if (callee(s, v->list.cur) != NULL)
			tui_open(s->ui, ACT_FUNCTION, callee(s, v->list.cur));
		else
			tui_say(s->ui, false, "Enter opens the callee of a => line");
		return true;
	case ACT_HOT_NEXT:
	case ACT_HOT_PREV:
		if (s->nhot == 0)
			tui_say(s->ui, false, "No line of this function has a cost");
		list_cycle(&v->list, s->hot, s->nhot, &s->hot_at, a == ACT_HOT_NEXT);
		return true;
	default:
		return false;
	}
}

static const struct func *selected(struct tui_view *v)
{
	struct source *s = state(v);
	const struct func *f = callee(s, v->list.cur);

	return f != NULL && s->rows[v->list.cur].call != SIZE_MAX ? f : s->f;
}

static bool match(struct tui_view *v, size_t i, const regex_t *re)
{
	struct source *s = state(v);
	const struct row *r = &s->rows[i];

	if (r->call != SIZE_MAX)
		return draw_call_matches(re, &s->calls[r->calls].rows[r->call]);
	return r->line >= 1 && r->line <= s->ntext && regexec(re, s->text[r->line - 1], 0, NULL, 0) == 0;
}

static void title(struct tui_view *v, char *buf, size_t len)
{
	snprintf(buf, len, "%s", state(v)->f->fullname);
}

static void status(struct tui_view *v, char *buf, size_t len)
{
	struct source *s = state(v);

	if (v->list.n > 0)
		snprintf(buf, len, "line %" PRIu64 " | hot lines: %zu (H, Tab)",
			 s->rows[v->list.cur].line, s->nhot);
}

static void free_source(struct source *s)
{
	for (size_t i = 0; i < s->ntext; i++)
		free(s->text[i]);
	for (size_t i = 0; i < s->ncalls; i++) {
		free(s->calls[i].rows);
		free(s->calls[i].costs);
	}
	free(s->text);
	free(s->calls);
	free(s->rows);
	free(s->path);
	draw_columns_release(&s->cols);
	free(s->cost);
	free(s->hot);
	free(s);
}

static void release(struct tui_view *v)
{
	free_source(state(v));
}

static const struct tui_view_kind kind = {
	.id = VIEW_SOURCE,
	.name = "Source",
	.title = title,
	.head = head,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.status = status,
	.release = release,
};

/* Why F's source cannot be shown, or NULL; reads it when it can. */
static const char *open_source(struct source *s)
{
	const struct func *f = s->f;

	if (f->whole != NULL)
		return "A cycle of calls has no source of its own: see its members'";
	s->file = f->key.file;
	if (*s->file->name == '\0' || strcmp(s->file->name, "???") == 0)
		return "The profile names no source file for this function";
	if (!s->file->defined)
		return "No information has been collected for this file";
	if (!read_text(s) && !s->file->annotatable)
		return "The source file was not found (in the current directory or the -I directories)";
	if (!s->file->annotatable)
		return "The profile keeps no lines of this file";
	return NULL;
}

struct tui_view *view_source(struct tui *ui, const struct func *f)
{
	struct source *s = xcalloc(1, sizeof(*s));
	const struct columns *c = ui->data.cols;
	struct tui_view *v;
	const char *why;

	s->ui = ui;
	s->f = f;
	draw_columns_init(&s->cols, c);
	s->cost = xmalloc((c->nevents ? c->nevents : 1) * sizeof(*s->cost));
	why = open_source(s);
	if (why != NULL) {
		tui_say(ui, true, "%s: %s", f->fullname, why);
		free_source(s);
		return NULL;
	}
	make_rows(s);
	find_hot(s);
	v = tui_view_new(ui, &kind, s, s->nrows);
	if (s->nhot > 0) {
		list_select(&v->list, s->hot[0], true);
	} else {
		for (size_t i = 0; i < s->nrows; i++)
			if (s->rows[i].line == f->first_line) {
				list_select(&v->list, i, true);
				break;
			}
	}
	return v;
}
