/* A function's page: its name, file, object, cycle and calls, its self
 * and inclusive costs for every event shown (a bound and an estimate
 * where they differ), then its callers and callees with the cost and
 * count of each call, as the text report's --tree lines have them.
 *
 * A cycle's page is the page of its row of the table: its members by
 * their estimated cost, then the calls that enter it and leave it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "fmt-num.h"
#include "report-text.h"
#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

/* The least room the names of callers and callees keep. */
#define NAME_ROOM 30

enum line_kind { L_NAME, L_FILE, L_OBJECT, L_CYCLE, L_CALLS, L_EVENT, L_BLANK, L_HEAD, L_COLS, L_CALL,
		 L_MEMBERS, L_MEMBER_HEADS, L_MEMBER };

struct line {
	enum line_kind kind;
	size_t at;                 /* L_NAME: byte offset; L_EVENT: event; L_CALL: call */
	size_t len;                /* L_NAME: bytes */
	bool callers;              /* L_HEAD, L_CALL: of the callers (else callees) */
};

struct calls {
	struct call_row *rows;
	cost_t *costs;
	size_t n;
};

struct page {
	struct tui *ui;
	const struct func *f;
	struct line *lines;
	size_t n, cap;
	struct calls side[2];      /* [1]: callers, [0]: callees */
	struct draw_columns cols;  /* the calls' count columns */
	size_t *w_fig;             /* the function's own figures */
	int count_width;
	int label_width;           /* of the event names */
	int fig_width;             /* of the function's own figures, whatever the event */
	const struct cycle *cycle; /* a cycle's page: the cycle */
	struct func **members;     /* its members, by estimated cost */
	size_t *w_incl, *w_self;   /* their figures' widths */
};

static struct page *state(const struct tui_view *v)
{
	return v->state;
}

static void add(struct page *s, enum line_kind kind, size_t at, size_t len, bool callers)
{
	xgrow(&s->lines, &s->cap, s->n + 1, sizeof(*s->lines));
	s->lines[s->n++] = (struct line){ kind, at, len, callers };
}

/* The lines of the page for a screen WIDTH columns wide: the full name
 * wrapped. */
static void lay_out(struct tui_view *v, int width)
{
	struct page *s = state(v);
	const struct func *f = s->f;
	const struct columns *c = s->ui->data.cols;
	const char *name = f->fullname;
	size_t len = strlen(name), at = 0;

	s->n = 0;
	while (at < len) {
		size_t k = term_text_fit(name + at, len - at, width > 4 ? width - 2 : 2);

		if (k == 0)
			k = 1;
		add(s, L_NAME, at, k, false);
		at += k;
	}
	if (s->cycle == NULL) {
		add(s, L_FILE, 0, 0, false);
		add(s, L_OBJECT, 0, 0, false);
	}
	if (f->cycle != NULL)
		add(s, L_CYCLE, 0, 0, false);
	add(s, L_CALLS, 0, 0, false);
	for (size_t k = 0; k < c->nshow; k++)
		add(s, L_EVENT, c->show[k], 0, false);
	if (s->cycle != NULL) {
		add(s, L_BLANK, 0, 0, false);
		add(s, L_MEMBERS, 0, 0, false);
		add(s, L_MEMBER_HEADS, 0, 0, false);
		for (size_t i = 0; i < s->cycle->nmembers; i++)
			add(s, L_MEMBER, i, 0, false);
	}
	for (int side = 1; side >= 0; side--) {
		add(s, L_BLANK, 0, 0, false);
		add(s, L_HEAD, 0, 0, side);
		if (s->side[side].n > 0)
			add(s, L_COLS, 0, 0, side);
		for (size_t i = 0; i < s->side[side].n; i++)
			add(s, L_CALL, i, 0, side);
	}
	list_resize(&v->list, s->n);
}

/* Whether call I of SIDE is one inside a cycle of calls, whose recorded
 * cost counts nested activations again: shown by its count only. */
static bool inside(const struct page *s, int side, size_t i)
{
	const struct func *other = s->side[side].rows[i].other;

	if (s->f->whole != NULL)
		return false;
	return side ? cycles_call_inside(other, s->f) : cycles_call_inside(s->f, other);
}

static void take_calls(struct page *s)
{
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;

	draw_columns_init(&s->cols, c);
	s->count_width = (int)strlen("calls");
	for (int side = 0; side < 2; side++) {
		struct calls *k = &s->side[side];

		k->rows = report_call_rows(d->p, s->f, side, &k->n, &k->costs);
		report_sort_calls(k->rows, k->n, c);
		for (size_t i = 0; i < k->n; i++) {
			char count[NUMFMT_COUNT_MAX];
			int w = (int)columns_format_count(c, count, k->rows[i].count);

			if (!inside(s, side, i))
				draw_columns_widen(&s->cols, k->rows[i].cost);
			if (w > s->count_width)
				s->count_width = w;
		}
	}
}

/* The widths of the function's own figures: its self cost, inclusive
 * cost and estimate, aligned by event. */
static void measure_figures(struct page *s)
{
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;
	const struct func *f = s->f;

	free(s->w_fig);
	s->w_fig = columns_widths_new(c);
	if (f->self != NULL)
		columns_widen(c, s->w_fig, f->self);
	columns_widen(c, s->w_fig, f->total);
	for (size_t e = 0; e < c->nevents; e++) {
		cost_t est[1];

		if (data_incl_kind(d, f, e, &est[0]) == INCL_BOTH) {
			cost_t *v = xmalloc(c->nevents * sizeof(*v));

			for (size_t k = 0; k < c->nevents; k++)
				v[k] = k == e ? est[0] : COST_ABSENT;
			columns_widen(c, s->w_fig, v);
			free(v);
		}
	}
	s->label_width = 0;
	s->fig_width = 0;
	for (size_t k = 0; k < c->nshow; k++) {
		int w = (int)strlen(c->events[c->show[k]].name);

		if (w > s->label_width)
			s->label_width = w;
		if ((int)s->w_fig[c->show[k]] > s->fig_width)
			s->fig_width = (int)s->w_fig[c->show[k]];
	}
}

static void draw_event(struct page *s, size_t e, int y, int width, int look)
{
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;
	const struct func *f = s->f;
	cost_t estimate = 0;
	enum tui_incl kind = data_incl_kind(d, f, e, &estimate);
	int x = 2;
	char text[COLUMNS_CELL_MAX + 8];

	term_fill(y, 0, 2, look);
	x = draw_left(y, x, s->label_width + 2, c->events[e].name, look);
	x = draw_left(y, x, 5, "self", look);
	x = draw_count(y, x, s->fig_width, c, s->w_fig, e,
		       f->self != NULL ? f->self[e] : COST_ABSENT, look);
	x = draw_left(y, x, 13, "   inclusive ", look);
	x = draw_left(y, x, 2, draw_incl_mark(kind), look);
	x = draw_count(y, x, s->fig_width, c, s->w_fig, e, f->total[e], look);
	if (kind == INCL_BOTH || kind == INCL_PENDING) {
		size_t len = (size_t)snprintf(text, sizeof(text), "  %s ",
					      term_glyph(GLYPH_ESTIMATE));

		if (kind == INCL_BOTH)
			text[len + columns_cell_text(text + len, c, s->w_fig, e, estimate)] = '\0';
		else
			snprintf(text + len, sizeof(text) - len, "(being estimated)");
		x += term_put(y, x, width - x, text, draw_look(LOOK_ESTIMATE, look & LOOK_SELECTED));
	}
	term_fill(y, x, width - x, look);
}

static void draw_head(struct page *s, bool callers, int y, int width, int look)
{
	char text[128];

	snprintf(text, sizeof(text), "%s (%zu)", s->cycle != NULL ?
		 (callers ? "Calls entering" : "Calls leaving") : callers ? "Callers" : "Callees",
		 s->side[callers].n);
	draw_left(y, 0, width, text, draw_look(LOOK_HEADING, look & LOOK_SELECTED));
}

/* The headings of the calls' columns. */
static void draw_cols(struct page *s, bool callers, int y, int width, int look)
{
	int heading = draw_look(LOOK_HEADING, look & LOOK_SELECTED);
	int x = draw_columns_head(&s->cols, y, 0, heading);

	x = draw_right(y, x, s->count_width, "calls", heading);
	draw_left(y, x, width - x, s->cycle != NULL ? "  function outside" : callers ? "  caller" :
		  "  callee", heading);
}

static void draw_call(struct page *s, bool callers, size_t i, int y, int width, int look)
{
	const struct columns *c = s->ui->data.cols;
	const struct call_row *r = &s->side[callers].rows[i];
	char count[NUMFMT_COUNT_MAX];
	int x = 0;

	if (inside(s, callers, i)) {
		/* Under the count columns, whose width the blanks give. */
		x = draw_columns_cells(&s->cols, y, x, NULL, look);
		draw_right(y, 0, x - 1, "recursive", draw_look(LOOK_DIM, look & LOOK_SELECTED));
	} else {
		x = draw_columns_cells(&s->cols, y, x, r->cost, look);
	}
	columns_format_count(c, count, r->count);
	x = draw_right(y, x, s->count_width, count, look);
	x = draw_left(y, x, 2, "", look);
	x += draw_name(y, x, width - x, r->other, look);
	term_fill(y, x, width - x, look);
}

/* The headings of the members' columns. */
static void draw_member_heads(struct page *s, int y, int width, int look)
{
	const char *name = s->ui->data.cols->events[s->ui->event].name;
	int x = 0, heading = draw_look(LOOK_HEADING, look & LOOK_SELECTED);
	char text[128];

	snprintf(text, sizeof(text), "%s incl", name);
	x = draw_left(y, x, 2 + (int)s->w_incl[s->ui->event], text, heading);
	snprintf(text, sizeof(text), "%s %s", term_glyph(GLYPH_ESTIMATE), name);
	x = draw_right(y, x, 11, text, heading);
	x = draw_left(y, x, 1, "", heading);
	snprintf(text, sizeof(text), "%s self", name);
	x = draw_left(y, x, (int)s->w_self[s->ui->event] + 2, text, heading);
	draw_left(y, x, width - x, "member", heading);
}

/* A member: its inclusive cost (a bound) and estimate, and its self
 * cost, of the event shown first. */
static void draw_member(struct page *s, const struct func *m, int y, int width, int look)
{
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;
	size_t e = s->ui->event;
	cost_t estimate = 0;
	enum tui_incl kind = data_incl_kind(d, m, e, &estimate);
	char text[DRAW_SHARE_MAX];
	int x = 0;

	x = draw_left(y, x, 2, draw_incl_mark(kind), look);
	x = draw_count(y, x, (int)s->w_incl[e], c, s->w_incl, e, m->total[e], look);
	draw_estimate_share(text, kind, estimate, d->total[e]);
	x = draw_right(y, x, 11, text, draw_look(LOOK_ESTIMATE, look & LOOK_SELECTED));
	x = draw_left(y, x, 1, "", look);
	x = draw_count(y, x, (int)s->w_self[e], c, s->w_self, e,
		       m->self != NULL ? m->self[e] : COST_ABSENT, look);
	x = draw_left(y, x, 2, "", look);
	x += draw_name(y, x, width - x, m, look);
	term_fill(y, x, width - x, look);
}

static void draw_field(int y, int width, const char *label, const char *value, int look)
{
	int x = draw_left(y, 0, 10, label, look);

	draw_left(y, x, width - x, value, look);
}

static void row(void *arg, size_t i, int y, int width, bool selected)
{
	struct tui_view *v = arg;
	struct page *s = state(v);
	const struct line *l = &s->lines[i];
	const struct func *f = s->f;
	int look = draw_look(LOOK_PLAIN, selected);
	char text[256], count[NUMFMT_COUNT_MAX];

	draw_columns_fit(&s->cols, s->ui->event, width, s->count_width + 2 + NAME_ROOM);
	switch (l->kind) {
	case L_NAME: {
		int x = 2 + term_putn(y, 2, width - 2, f->fullname + l->at, l->len,
				      draw_look(LOOK_HOT, selected));

		term_fill(y, 0, 2, look);
		term_fill(y, x, width - x, look);
		break;
	}
	case L_FILE:
		draw_field(y, width, "  File", *f->key.file->name ? f->key.file->name : "(none)", look);
		break;
	case L_OBJECT:
		draw_field(y, width, "  Object", f->object != NULL && *f->object ? f->object : "(none)",
			   look);
		break;
	case L_CYCLE:
		snprintf(text, sizeof(text), "<cycle %zu>, %zu functions (Enter: the cycle)",
			 f->cycle->id, f->cycle->nmembers);
		draw_field(y, width, "  Cycle", text, look);
		break;
	case L_CALLS:
		columns_format_count(s->ui->data.cols, count, s->cycle != NULL ? s->cycle->calls :
				     profile_times_called(s->ui->data.p, f));
		snprintf(text, sizeof(text), "%s %s time%s%s", s->cycle != NULL ? "entered" : "called",
			 count, strcmp(count, "1") == 0 ? "" : "s",
			 s->cycle != NULL ? " from outside" : "");
		draw_field(y, width, "  Calls", text, look);
		break;
	case L_MEMBERS:
		snprintf(text, sizeof(text), "Members (%zu), by estimated cost", s->cycle->nmembers);
		draw_left(y, 0, width, text, draw_look(LOOK_HEADING, selected));
		break;
	case L_MEMBER_HEADS:
		draw_member_heads(s, y, width, look);
		break;
	case L_MEMBER:
		draw_member(s, s->members[l->at], y, width, look);
		break;
	case L_EVENT:
		draw_event(s, l->at, y, width, look);
		break;
	case L_BLANK:
		term_fill(y, 0, width, look);
		break;
	case L_HEAD:
		draw_head(s, l->callers, y, width, look);
		break;
	case L_COLS:
		draw_cols(s, l->callers, y, width, look);
		break;
	case L_CALL:
		draw_call(s, l->callers, l->at, y, width, look);
		break;
	}
}

static const struct func *selected(struct tui_view *v)
{
	struct page *s = state(v);
	const struct line *l = &s->lines[v->list.cur];

	if (l->kind == L_MEMBER)
		return s->members[l->at];
	return l->kind == L_CALL ? s->side[l->callers].rows[l->at].other : s->f;
}

static bool act(struct tui_view *v, enum tui_action a)
{
	struct page *s = state(v);
	const struct line *l = &s->lines[v->list.cur];

	if (a != ACT_OPEN)
		return false;
	if (l->kind == L_CALL)
		tui_open(s->ui, ACT_FUNCTION, s->side[l->callers].rows[l->at].other);
	else if (l->kind == L_MEMBER)
		tui_open(s->ui, ACT_FUNCTION, s->members[l->at]);
	else if (l->kind == L_FILE)
		tui_open(s->ui, ACT_SOURCE, s->f);
	else if (l->kind == L_CYCLE)
		tui_push(s->ui, view_cycle(s->ui, s->f->cycle));
	else
		tui_say(s->ui, false, "Enter opens a caller, a callee, the file or the cycle");
	return true;
}

static bool match(struct tui_view *v, size_t i, const regex_t *re)
{
	struct page *s = state(v);
	const struct line *l = &s->lines[i];

	if (l->kind == L_MEMBER)
		return regexec(re, s->members[l->at]->fullname, 0, NULL, 0) == 0;
	return l->kind == L_CALL &&
	       regexec(re, s->side[l->callers].rows[l->at].other->fullname, 0, NULL, 0) == 0;
}

static void title(struct tui_view *v, char *buf, size_t len)
{
	snprintf(buf, len, "%s", state(v)->f->fullname);
}

/* What a member's place among the members is by: its estimate of
 * EVENT, where there is one. */
static cost_t member_key(const struct tui_data *d, const struct func *m, size_t event)
{
	cost_t estimate = 0;

	if (data_incl_kind(d, m, event, &estimate) == INCL_BOTH)
		return estimate;
	return cost_sort_value(m->total[event]);
}

static int member_order(const void *a, const void *b, void *arg)
{
	const struct page *s = arg;
	const struct func *f = *(const struct func *const *)a, *g = *(const struct func *const *)b;
	cost_t x = member_key(&s->ui->data, f, s->ui->event);
	cost_t y = member_key(&s->ui->data, g, s->ui->event);

	if (x != y)
		return x > y ? -1 : 1;
	return strcmp(f->fullname, g->fullname);
}

/* The members, by estimated cost, and their columns' widths. */
static void take_members(struct page *s)
{
	const struct cycle *cy = s->cycle;
	const struct columns *c = s->ui->data.cols;

	free(s->members);
	free(s->w_incl);
	free(s->w_self);
	s->members = xmalloc((cy->nmembers ? cy->nmembers : 1) * sizeof(*s->members));
	memcpy(s->members, cy->members, cy->nmembers * sizeof(*s->members));
	qsort_r(s->members, cy->nmembers, sizeof(*s->members), member_order, s);
	s->w_incl = columns_widths_new(c);
	s->w_self = columns_widths_new(c);
	for (size_t i = 0; i < cy->nmembers; i++) {
		columns_widen(c, s->w_incl, s->members[i]->total);
		if (s->members[i]->self != NULL)
			columns_widen(c, s->w_self, s->members[i]->self);
	}
}

static void update(struct tui_view *v)
{
	struct page *s = state(v);

	measure_figures(s);
	if (s->cycle != NULL)
		take_members(s);
	lay_out(v, term_width());
}

static void release(struct tui_view *v)
{
	struct page *s = state(v);

	for (int side = 0; side < 2; side++) {
		free(s->side[side].rows);
		free(s->side[side].costs);
	}
	free(s->lines);
	draw_columns_release(&s->cols);
	free(s->w_fig);
	free(s->members);
	free(s->w_incl);
	free(s->w_self);
	free(s);
}

static const struct tui_view_kind kind = {
	.id = VIEW_FUNCTION,
	.name = "Function",
	.title = title,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.update = update,
	.release = release,
};

static const struct tui_view_kind cycle_kind = {
	.id = VIEW_CYCLE,
	.name = "Cycle",
	.title = title,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.update = update,
	.release = release,
};

static struct tui_view *page_new(struct tui *ui, const struct func *f, const struct cycle *c)
{
	struct page *s = xcalloc(1, sizeof(*s));
	struct tui_view *v = tui_view_new(ui, c != NULL ? &cycle_kind : &kind, s, 0);

	s->ui = ui;
	s->f = f;
	s->cycle = c;
	take_calls(s);
	update(v);
	return v;
}

struct tui_view *view_function(struct tui *ui, const struct func *f)
{
	return page_new(ui, f, NULL);
}

struct tui_view *view_cycle(struct tui *ui, const struct cycle *c)
{
	return page_new(ui, c->row, c);
}
