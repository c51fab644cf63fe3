/* The function list, the browser's first view: every function and
 * <cycle N> with its inclusive (bound and estimate where they differ) and
 * self costs for the events that fit, its calls, a bar of the share it is
 * sorted by, and its name; sorted as the text report is, sortable and
 * filterable. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

enum sort_by { BY_SELF, BY_INCL, BY_CALLS, BY_NAME, BY_COUNT };

static const char *const sort_names[BY_COUNT] = { "self", "inclusive", "calls", "name" };

/* The least room the names keep when the columns of more events would fit. */
#define NAME_ROOM 30
/* The columns of the share bar and of an estimate's share, "≈ 100.00%". */
#define BAR_WIDTH 8
#define ESTIMATE_WIDTH 9

struct funcs {
	struct tui *ui;
	size_t *all;               /* every row, sorted */
	size_t *shown;             /* those the filter keeps, in order */
	size_t nshown;
	enum sort_by by;
	size_t *w_incl, *w_self;   /* count columns' widths (report-columns.h) */
	int calls_width;
	bool estimates;            /* some function shows an estimate beside its bound, or
				      will once the estimates are made */
	bool filtered;
	regex_t filter;
	char *filter_text;
	int *per_event;            /* the columns an event's figures take */
	size_t *events;            /* the events shown, as drawn last */
	size_t nevents;
};

static struct funcs *state(const struct tui_view *v)
{
	return v->state;
}

/* Compare cost vectors A and B on EVENT, then the sort events: larger
 * first (in a diff, larger changes either way), absent counts last. */
static int cost_order(const cost_t *a, const cost_t *b, size_t event, const struct columns *c)
{
	for (size_t k = 0; k <= c->nsort; k++) {
		size_t e = k == 0 ? event : c->sort[k - 1];
		cost_t x = a != NULL ? cost_sort_value(a[e]) : -1;
		cost_t y = b != NULL ? cost_sort_value(b[e]) : -1;

		if (c->changes) {
			x = x < -1 ? -x : x;
			y = y < -1 ? -y : y;
		}
		if (x != y)
			return x > y ? -1 : 1;
	}
	return 0;
}

static int row_order(const void *a, const void *b, void *arg)
{
	const struct funcs *s = arg;
	const struct tui_data *d = &s->ui->data;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct func *f = d->rows[x], *g = d->rows[y];
	int c = 0;

	switch (s->by) {
	case BY_SELF:
		c = cost_order(f->self, g->self, s->ui->event, d->cols);
		break;
	case BY_INCL:
		c = cost_order(f->total, g->total, s->ui->event, d->cols);
		break;
	case BY_CALLS:
		c = (d->calls[x] < d->calls[y]) - (d->calls[x] > d->calls[y]);
		break;
	default:
		break;
	}
	return c != 0 ? c : strcmp(f->fullname, g->fullname);
}

/* The rows the filter keeps, in order; the selected function stays
 * selected where it can. */
static void refilter(struct tui_view *v)
{
	struct funcs *s = state(v);
	const struct tui_data *d = &s->ui->data;
	size_t keep = s->nshown > 0 ? s->shown[v->list.cur] : SIZE_MAX, at = 0;

	s->nshown = 0;
	for (size_t i = 0; i < d->nrows; i++) {
		size_t r = s->all[i];

		if (s->filtered && regexec(&s->filter, d->rows[r]->fullname, 0, NULL, 0) != 0)
			continue;
		if (r == keep)
			at = s->nshown;
		s->shown[s->nshown++] = r;
	}
	list_resize(&v->list, s->nshown);
	list_select(&v->list, at, true);
}

/* A row with the value it sorts by first: most comparisons then read no
 * function's costs (as the text report's table sorts). */
struct keyed_row {
	cost_t key;
	size_t row;
};

static int keyed_order(const void *a, const void *b, void *arg)
{
	const struct keyed_row *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return row_order(&x->row, &y->row, arg);
}

/* What row R sorts by first, larger first. */
static cost_t sort_key(const struct funcs *s, size_t r)
{
	const struct tui_data *d = &s->ui->data;
	const cost_t *v = s->by == BY_SELF ? d->rows[r]->self : d->rows[r]->total;
	cost_t x;

	if (s->by == BY_CALLS)
		return d->calls[r];
	if (s->by == BY_NAME)
		return 0;
	x = v != NULL ? cost_sort_value(v[s->ui->event]) : -1;
	return d->cols->changes && x < -1 ? -x : x;
}

static void resort(struct tui_view *v)
{
	struct funcs *s = state(v);
	size_t n = s->ui->data.nrows;
	struct keyed_row *k = xmalloc((n ? n : 1) * sizeof(*k));

	for (size_t i = 0; i < n; i++)
		k[i] = (struct keyed_row){ sort_key(s, i), i };
	qsort_r(k, n, sizeof(*k), keyed_order, s);
	for (size_t i = 0; i < n; i++)
		s->all[i] = k[i].row;
	free(k);
	refilter(v);
}

/* Whether a column of estimates is needed: some function shows one (or
 * may, while they are made); the columns' widths with it. */
static void take_estimates(struct funcs *s)
{
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;

	s->estimates = false;
	for (size_t r = 0; r < d->nrows && !s->estimates; r++) {
		for (size_t k = 0; k < c->nshow && !s->estimates; k++) {
			cost_t estimate;
			enum tui_incl kind = data_incl_kind(d, d->rows[r], c->show[k], &estimate);

			s->estimates = kind == INCL_BOTH || kind == INCL_PENDING;
		}
	}
	for (size_t e = 0; e < c->nevents; e++)
		s->per_event[e] = 2 + (int)s->w_incl[e] + 1 + (int)s->w_self[e] + 1 +
				  (s->estimates ? ESTIMATE_WIDTH + 1 : 0);
}

/* V's counts into MAX where they are larger (absent counts are not). */
static void take_max(cost_t *max, const cost_t *v, size_t n)
{
	for (size_t e = 0; e < n; e++)
		if (v[e] != COST_ABSENT && (max[e] == COST_ABSENT || v[e] > max[e]))
			max[e] = v[e];
}

/* The widths of the count columns: those of every row's figures.  Counts
 * that are no changes are as wide as the largest of them makes them: the
 * first screen does not measure every one. */
static void measure(struct funcs *s)
{
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;
	cost_t *max_incl = xmalloc((c->nevents + 1) * sizeof(*max_incl));
	cost_t *max_self = xmalloc((c->nevents + 1) * sizeof(*max_self));
	cost_t max_calls = 0;
	char count[NUMFMT_COUNT_MAX];

	s->w_incl = columns_widths_new(c);
	s->w_self = columns_widths_new(c);
	s->calls_width = (int)strlen("calls");
	for (size_t e = 0; e < c->nevents; e++)
		max_incl[e] = max_self[e] = COST_ABSENT;
	for (size_t r = 0; r < d->nrows; r++) {
		const struct func *f = d->rows[r];
		int w;

		if (!c->changes) {
			take_max(max_incl, f->total, c->nevents);
			if (f->self != NULL)
				take_max(max_self, f->self, c->nevents);
			max_calls = d->calls[r] > max_calls ? d->calls[r] : max_calls;
			continue;
		}
		columns_widen(c, s->w_incl, f->total);
		if (f->self != NULL)
			columns_widen(c, s->w_self, f->self);
		w = (int)columns_format_count(c, count, d->calls[r]);
		s->calls_width = w > s->calls_width ? w : s->calls_width;
	}
	if (!c->changes) {
		int w = (int)columns_format_count(c, count, max_calls);

		columns_widen(c, s->w_incl, max_incl);
		columns_widen(c, s->w_self, max_self);
		s->calls_width = w > s->calls_width ? w : s->calls_width;
	}
	free(max_incl);
	free(max_self);
	s->per_event = xcalloc(c->nevents + 1, sizeof(*s->per_event));
	s->events = xmalloc((c->nshow + 1) * sizeof(*s->events));
	take_estimates(s);
}

/* The events whose columns fit WIDTH. */
static void fit(struct funcs *s, int width)
{
	s->nevents = draw_fit_events(s->ui->data.cols, s->ui->event, s->per_event, width,
				     BAR_WIDTH + 1 + s->calls_width + 1 + NAME_ROOM, s->events);
}

static void head(struct tui_view *v, int y, int width)
{
	struct funcs *s = state(v);
	const struct columns *c = s->ui->data.cols;
	int x = 0;
	char text[128];

	fit(s, width);
	for (size_t k = 0; k < s->nevents; k++) {
		size_t e = s->events[k];
		const char *name = c->events[e].name;

		snprintf(text, sizeof(text), "%s incl", name);
		x = draw_left(y, x, 2 + (int)s->w_incl[e] + 1, text, LOOK_HEADING);
		if (s->estimates) {
			snprintf(text, sizeof(text), "%s %s", term_glyph(GLYPH_ESTIMATE), name);
			x = draw_left(y, x, ESTIMATE_WIDTH + 1, text, LOOK_HEADING);
		}
		snprintf(text, sizeof(text), "%s self", name);
		x = draw_left(y, x, (int)s->w_self[e] + 1, text, LOOK_HEADING);
		if (k == 0)
			x = draw_left(y, x, BAR_WIDTH + 1, "share", LOOK_HEADING);
	}
	x = draw_right(y, x, s->calls_width, "calls", LOOK_HEADING);
	x = draw_left(y, x, 1, "", LOOK_HEADING);
	draw_left(y, x, width - x, "file:function", LOOK_HEADING);
}

/* The share row R's bar shows: of what the list is sorted by, or its
 * inclusive cost. */
static double bar_share(const struct funcs *s, size_t r)
{
	const struct tui_data *d = &s->ui->data;
	const cost_t *v = s->by == BY_SELF ? d->rows[r]->self : d->rows[r]->total;
	cost_t x = v != NULL ? v[s->ui->event] : COST_ABSENT;
	cost_t total = d->total[s->ui->event];

	if (x == COST_ABSENT || total == COST_ABSENT || total == 0)
		return 0;
	return numfmt_ratio100(x < 0 ? -x : x, total) / 100;
}

static void row(void *arg, size_t i, int y, int width, bool selected)
{
	struct tui_view *v = arg;
	struct funcs *s = state(v);
	const struct tui_data *d = &s->ui->data;
	const struct columns *c = d->cols;
	size_t r = s->shown[i];
	const struct func *f = d->rows[r];
	int look = draw_look(LOOK_PLAIN, selected), x = 0;
	char text[DRAW_SHARE_MAX], count[NUMFMT_COUNT_MAX];

	for (size_t k = 0; k < s->nevents; k++) {
		size_t e = s->events[k];
		cost_t estimate = 0;
		enum tui_incl kind = data_incl_kind(d, f, e, &estimate);

		x = draw_left(y, x, 2, draw_incl_mark(kind), look);
		x = draw_count(y, x, (int)s->w_incl[e], c, s->w_incl, e, f->total[e], look);
		x = draw_left(y, x, 1, "", look);
		if (s->estimates) {
			draw_estimate_share(text, kind, estimate, d->total[e]);
			x = draw_right(y, x, ESTIMATE_WIDTH, text,
				       draw_look(LOOK_ESTIMATE, selected));
			x = draw_left(y, x, 1, "", look);
		}
		x = draw_count(y, x, (int)s->w_self[e], c, s->w_self, e,
			       f->self != NULL ? f->self[e] : COST_ABSENT, look);
		x = draw_left(y, x, 1, "", look);
		if (k == 0) {
			draw_bar(y, x, BAR_WIDTH, bar_share(s, r), draw_look(LOOK_BAR, selected));
			x = draw_left(y, x + BAR_WIDTH, 1, "", look);
		}
	}
	columns_format_count(c, count, d->calls[r]);
	x = draw_right(y, x, s->calls_width, count, look);
	x = draw_left(y, x, 1, "", look);
	x += draw_name(y, x, width - x, f, look);
	term_fill(y, x, width - x, look);
}

static void live_filter(void *arg, const char *text)
{
	struct tui_view *v = arg;
	struct funcs *s = state(v);
	regex_t re;

	if (text == NULL || *text == '\0' || !tui_compile(s->ui, &re, text, true)) {
		/* Given up, or not yet a regular expression: all of them
		 * while typing, the last good one's when given up. */
		if (text != NULL && *text != '\0')
			return;
		if (s->filtered)
			regfree(&s->filter);
		s->filtered = false;
		refilter(v);
		return;
	}
	if (s->filtered)
		regfree(&s->filter);
	s->filter = re;
	s->filtered = true;
	refilter(v);
}

static void filter(struct tui_view *v)
{
	struct funcs *s = state(v);
	char *text = tui_prompt(s->ui, "Keep functions matching: /", live_filter, v);
	regex_t re;

	free(s->filter_text);
	s->filter_text = NULL;
	if (v->have_re)
		regfree(&v->re);
	v->have_re = false;
	if (text == NULL || *text == '\0' || !tui_compile(s->ui, &re, text, false)) {
		live_filter(v, NULL);
		free(text);
		return;
	}
	/* n and N go from match to match, as in the other views. */
	v->re = re;
	v->have_re = true;
	s->filter_text = text;
	live_filter(v, text);
	if (s->nshown == 0)
		tui_say(s->ui, true, "No function matches /%s", text);
}

/* The next event shown after the one the list is sorted by. */
static size_t next_event(const struct columns *c, size_t event)
{
	for (size_t k = 0; k < c->nshow; k++)
		if (c->show[k] == event)
			return c->show[(k + 1) % c->nshow];
	return c->show[0];
}

static bool act(struct tui_view *v, enum tui_action a)
{
	struct funcs *s = state(v);

	switch (a) {
	case ACT_OPEN:
		if (s->nshown > 0)
			tui_open(s->ui, ACT_FUNCTION, s->ui->data.rows[s->shown[v->list.cur]]);
		return true;
	case ACT_SORT:
		s->by = (s->by + 1) % BY_COUNT;
		resort(v);
		return true;
	case ACT_SORT_EVENT:
		s->ui->event = next_event(s->ui->data.cols, s->ui->event);
		resort(v);
		return true;
	case ACT_SEARCH:
		filter(v);
		return true;
	case ACT_CLEAR:
		live_filter(v, NULL);
		free(s->filter_text);
		s->filter_text = NULL;
		return false;
	default:
		return false;
	}
}

static const struct func *selected(struct tui_view *v)
{
	struct funcs *s = state(v);

	return s->nshown > 0 ? s->ui->data.rows[s->shown[v->list.cur]] : NULL;
}

static bool match(struct tui_view *v, size_t i, const regex_t *re)
{
	struct funcs *s = state(v);

	return regexec(re, s->ui->data.rows[s->shown[i]]->fullname, 0, NULL, 0) == 0;
}

static void status(struct tui_view *v, char *buf, size_t len)
{
	struct funcs *s = state(v);
	const struct columns *c = s->ui->data.cols;
	size_t n = (size_t)snprintf(buf, len, "sort: %s%s%s", sort_names[s->by],
				    s->by == BY_SELF || s->by == BY_INCL ? " " : "",
				    s->by == BY_SELF || s->by == BY_INCL ? c->events[s->ui->event].name
									 : "");

	if (s->filtered && s->filter_text != NULL && n < len)
		snprintf(buf + n, len - n, " | /%s", s->filter_text);
}

static void update(struct tui_view *v)
{
	take_estimates(state(v));
}

static void release(struct tui_view *v)
{
	struct funcs *s = state(v);

	if (s->filtered)
		regfree(&s->filter);
	free(s->filter_text);
	free(s->all);
	free(s->shown);
	free(s->w_incl);
	free(s->w_self);
	free(s->per_event);
	free(s->events);
	free(s);
}

static const struct tui_view_kind kind = {
	.id = VIEW_FUNCTIONS,
	.name = "Functions",
	.head = head,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.status = status,
	.update = update,
	.release = release,
};

struct tui_view *view_functions(struct tui *ui)
{
	struct funcs *s = xcalloc(1, sizeof(*s));
	const struct tui_data *d = &ui->data;
	struct tui_view *v = tui_view_new(ui, &kind, s, 0);

	s->ui = ui;
	s->by = d->opt->inclusive ? BY_INCL : BY_SELF;
	s->all = xmalloc((d->nrows ? d->nrows : 1) * sizeof(*s->all));
	s->shown = xmalloc((d->nrows ? d->nrows : 1) * sizeof(*s->shown));
	for (size_t r = 0; r < d->nrows; r++)
		s->all[r] = r;
	measure(s);
	resort(v);
	list_select(&v->list, 0, false);
	return v;
}
