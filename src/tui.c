#include "tui.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "diag.h"
#include "fmt-num.h"
#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

/* How often the screen looks for a thread's work while one runs. */
#define BUSY_POLL_MS 100
/* Rows the mouse wheel scrolls. */
#define WHEEL_ROWS 3

void tui_ready(const struct options *opt)
{
	(void)opt;
	term_ready();
}

struct tui_view *tui_view_new(struct tui *ui, const struct tui_view_kind *kind, void *state,
			      size_t n)
{
	struct tui_view *v = xcalloc(1, sizeof(*v));

	v->kind = kind;
	v->ui = ui;
	v->state = state;
	list_reset(&v->list, n);
	/* As high as it will be drawn, so that a row selected now is
	 * centred. */
	v->list.height = term_height() - 3;
	return v;
}

static void view_free(struct tui_view *v)
{
	if (v->kind->release != NULL)
		v->kind->release(v);
	if (v->have_re)
		regfree(&v->re);
	free(v);
}

void tui_push(struct tui *ui, struct tui_view *v)
{
	xgrow(&ui->stack, &ui->cap, ui->depth + 1, sizeof(*ui->stack));
	ui->stack[ui->depth++] = v;
}

static struct tui_view *top(const struct tui *ui)
{
	return ui->stack[ui->depth - 1];
}

/* Back to the view before; from the first view, quit when QUIT. */
static void pop(struct tui *ui, bool quit)
{
	if (ui->depth > 1)
		view_free(ui->stack[--ui->depth]);
	else if (quit)
		ui->quit = true;
	else
		tui_say(ui, false, "This is the first view: q quits");
}

void tui_say(struct tui *ui, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->message, sizeof(ui->message), fmt, ap);
	va_end(ap);
	ui->message_error = error;
}

void tui_open(struct tui *ui, enum tui_action action, const struct func *f)
{
	struct tui_view *v = NULL;

	if (f == NULL) {
		tui_say(ui, true, "No function is selected");
		return;
	}
	switch (action) {
	case ACT_FUNCTION:
		v = f->whole != NULL ? view_cycle(ui, f->whole) : view_function(ui, f);
		break;
	case ACT_CALL_TREE:
		v = view_call_tree(ui, f);
		break;
	case ACT_CALLERS:
		v = view_callers(ui, f);
		break;
	case ACT_SOURCE:
		v = view_source(ui, f);
		break;
	case ACT_ASM:
		v = view_asm(ui, f);
		break;
	default:
		break;
	}
	if (v != NULL)
		tui_push(ui, v);
}

/* Where the list of the view on the screen starts. */
static int list_y0(const struct tui_view *v)
{
	return v->kind->head != NULL ? 2 : 1;
}

/* What was profiled, as the text report's header names it: the profile
 * and its command; NEW minus OLD; profiles summed. */
static void profiled(const struct tui *ui, char *buf, size_t len)
{
	const struct options *opt = ui->data.opt;
	size_t n;

	if (opt->mode == MODE_DIFF) {
		snprintf(buf, len, "%s minus %s", opt->profiles[1], opt->profiles[0]);
		return;
	}
	n = (size_t)snprintf(buf, len, "%s", opt->profiles[0]);
	for (size_t i = 1; i < opt->nprofiles && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, " + %s", opt->profiles[i]);
	if (*ui->data.p->cmd && n < len)
		n += (size_t)snprintf(buf + n, len - n, "  %s", ui->data.p->cmd);
	/* The figures are then those of the stacks kept. */
	for (size_t i = 0; ui->data.p->focused && i < opt->nfocus && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s'%s'%s", i ? " " : "  focus: ",
				      opt->focus[i], i + 1 == opt->nfocus ? " (estimated)" : "");
}

static void draw_title(const struct tui *ui, const struct tui_view *v, int width)
{
	char title[1024], more[768] = "";

	if (v->kind->title != NULL)
		v->kind->title((struct tui_view *)v, more, sizeof(more));
	else if (ui->depth == 1)
		profiled(ui, more, sizeof(more));
	snprintf(title, sizeof(title), " %s%s%s", v->kind->name, *more ? ": " : "", more);
	draw_left(0, 0, width, title, LOOK_TITLE);
}

/* The bottom line: the view, where in it, what it says of itself, the
 * total of the event shown first, and the way to the help. */
static void draw_status(const struct tui *ui, const struct tui_view *v, int y, int width)
{
	const struct tui_data *d = &ui->data;
	char line[1024], own[256] = "", total[NUMFMT_COUNT_MAX], pos[2 * NUMFMT_COUNT_MAX + 2];
	size_t len;

	if (ui->message[0] != '\0') {
		draw_left(y, 0, width, ui->message, ui->message_error ? LOOK_ERROR : LOOK_STATUS);
		return;
	}
	if (v->kind->status != NULL)
		v->kind->status((struct tui_view *)v, own, sizeof(own));
	len = numfmt_count(pos, v->list.n ? (cost_t)v->list.cur + 1 : 0);
	pos[len++] = '/';
	numfmt_count(pos + len, (cost_t)v->list.n);
	/* PROGRAM TOTALS: in a diff, the change. */
	if (d->cols->changes)
		numfmt_grouped(total, d->table.summary[ui->event]);
	else
		numfmt_count(total, d->table.summary[ui->event]);
	snprintf(line, sizeof(line), " %s %s%s%s | %s total %s%s | ? help", v->kind->name, pos,
		 *own ? " | " : "", own, d->cols->events[ui->event].name, total,
		 d->estimating ? " | estimating..." : d->reading_code ? " | reading the instructions..." : "");
	draw_left(y, 0, width, line, LOOK_STATUS);
}

/* Draw the screen; PROMPT, unless NULL, is on the bottom line with the
 * cursor at its end. */
static void draw(struct tui *ui, const char *prompt)
{
	struct tui_view *v = top(ui);
	int h = term_height(), w = term_width(), y0 = list_y0(v);

	term_erase();
	draw_title(ui, v, w);
	if (v->kind->head != NULL)
		v->kind->head(v, 1, w);
	list_draw(&v->list, y0, h - y0 - 1, w, v->kind->row, v);
	if (prompt != NULL) {
		int used = term_put(h - 1, 0, w, prompt, LOOK_PLAIN);

		term_fill(h - 1, used, w - used, LOOK_PLAIN);
		term_cursor(h - 1, used < w ? used : w - 1);
	} else {
		draw_status(ui, v, h - 1, w);
		term_cursor(-1, 0);
	}
	term_refresh();
}

/* Take what the threads made; the views make their rows again. */
static bool take_news(struct tui *ui)
{
	bool news;
	bool busy = data_busy(&ui->data, &news);

	if (news)
		for (size_t i = 0; i < ui->depth; i++)
			if (ui->stack[i]->kind->update != NULL)
				ui->stack[i]->kind->update(ui->stack[i]);
	return busy;
}

/* Remove the last character (not byte) of TEXT[0..*LEN). */
static void unput_char(char *text, size_t *len)
{
	while (*len > 0) {
		unsigned char c = (unsigned char)text[--*len];

		if ((c & 0xc0) != 0x80)
			break;
	}
	text[*len] = '\0';
}

/* --- keys from a script, timed ----------------------------------------- */

/* $CGANNOTATE_TUI_KEYS, for the benchmark: the browser takes its keys from
 * it (words: a key's name, "wait" for the threads' work, or characters
 * typed one by one), writes to standard error how long each took to be
 * answered (handled and the screen drawn), and quits after the last.
 * Empty: the first screen drawn, it quits at once. */
struct script {
	char *text;
	char *word;                /* the word being typed */
	char *save;                /* strtok_r's */
	const char *name;          /* the key being timed */
	char name_buf[8];
	double start, start_cpu;
};

static const struct {
	const char *name;
	int code;
	bool function;
} key_names[] = {
	{ "Enter", '\r', false }, { "Esc", 27, false }, { "Tab", '\t', false },
	{ "Space", ' ', false }, { "BTab", KEY_BTAB, true }, { "Up", KEY_UP, true },
	{ "Down", KEY_DOWN, true }, { "Left", KEY_LEFT, true }, { "Right", KEY_RIGHT, true },
	{ "PgUp", KEY_PPAGE, true }, { "PgDn", KEY_NPAGE, true }, { "Home", KEY_HOME, true },
	{ "End", KEY_END, true }, { "F1", KEY_F(1), true }, { "BS", KEY_BACKSPACE, true },
};

/* Milliseconds of CLOCK: the time, or this thread's CPU time. */
static double now_ms(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The next key of the script; false at its end. */
static bool script_key(struct tui *ui, struct script *s, struct term_key *k)
{
	if (s->name != NULL)
		fprintf(stderr, "key %s %.2f ms, CPU %.2f ms\n", s->name,
			now_ms(CLOCK_MONOTONIC) - s->start,
			now_ms(CLOCK_THREAD_CPUTIME_ID) - s->start_cpu);
	s->name = NULL;
	for (;;) {
		if (s->word != NULL && *s->word != '\0') {
			k->code = (unsigned char)*s->word++;
			k->function = false;
			snprintf(s->name_buf, sizeof(s->name_buf), "%c", k->code);
			s->name = s->name_buf;
			break;
		}
		s->word = strtok_r(s->word == NULL && s->save == NULL ? s->text : NULL, " ",
				   &s->save);
		if (s->word == NULL)
			return false;
		if (strcmp(s->word, "wait") == 0) {
			double start = now_ms(CLOCK_MONOTONIC);

			data_wait(&ui->data);
			take_news(ui);
			draw(ui, NULL);
			fprintf(stderr, "wait %.2f ms\n", now_ms(CLOCK_MONOTONIC) - start);
			s->word = NULL;
			continue;
		}
		for (size_t i = 0; i < sizeof(key_names) / sizeof(key_names[0]); i++) {
			if (strcmp(s->word, key_names[i].name) == 0) {
				k->code = key_names[i].code;
				k->function = key_names[i].function;
				s->name = key_names[i].name;
				s->word = NULL;
				break;
			}
		}
		if (s->name != NULL)
			break;
	}
	s->start = now_ms(CLOCK_MONOTONIC);
	s->start_cpu = now_ms(CLOCK_THREAD_CPUTIME_ID);
	return true;
}

/* The next key, waiting while a thread works at most a while (then
 * false), else for ever. */
static bool read_key(struct tui *ui, struct term_key *k, bool busy)
{
	if (ui->script == NULL)
		return term_read(k, busy ? BUSY_POLL_MS : -1);
	if (!script_key(ui, ui->script, k)) {
		k->code = 'Q';
		k->function = false;
	}
	return true;
}

char *tui_prompt(struct tui *ui, const char *label, void (*live)(void *arg, const char *text),
		 void *arg)
{
	char text[512] = "", shown[600];
	size_t len = 0;

	for (;;) {
		struct term_key k;
		bool busy = take_news(ui);

		snprintf(shown, sizeof(shown), "%s%s", label, text);
		draw(ui, shown);
		if (!read_key(ui, &k, busy))
			continue;
		if (!k.function && (k.code == '\r' || k.code == '\n'))
			return xstrdup(text);
		if (!k.function && k.code == 27) {
			if (live != NULL)
				live(arg, NULL);
			return NULL;
		}
		if ((k.function && k.code == KEY_BACKSPACE) || (!k.function && (k.code == 127 ||
								     k.code == 8))) {
			if (len == 0) {
				if (live != NULL)
					live(arg, NULL);
				return NULL;
			}
			unput_char(text, &len);
		} else if (!k.function && k.code == ('u' & 0x1f)) {
			len = 0;
			text[0] = '\0';
		} else if (!k.function && k.code >= ' ') {
			char mb[MB_LEN_MAX];
			mbstate_t st;
			size_t n;

			memset(&st, 0, sizeof(st));
			n = wcrtomb(mb, (wchar_t)k.code, &st);
			if (n == (size_t)-1 || len + n >= sizeof(text))
				continue;
			memcpy(text + len, mb, n);
			len += n;
			text[len] = '\0';
		} else {
			continue;
		}
		if (live != NULL)
			live(arg, text);
	}
}

/* Compile a pattern typed after / into RE: case ignored unless it has a
 * capital letter (as ag's smart case).  False, with a message, when it is
 * no regular expression. */
bool tui_compile(struct tui *ui, regex_t *re, const char *text, bool quiet)
{
	int flags = REG_EXTENDED | REG_NOSUB, err;
	bool capital = false;

	for (const char *s = text; *s; s++)
		capital |= *s >= 'A' && *s <= 'Z';
	if (!capital)
		flags |= REG_ICASE;
	err = regcomp(re, text, flags);
	if (err != 0) {
		char why[256];

		regerror(err, re, why, sizeof(why));
		if (!quiet)
			tui_say(ui, true, "Not a regular expression: %s", why);
		return false;
	}
	return true;
}

static bool match_row(void *arg, size_t i)
{
	struct tui_view *v = arg;

	return v->kind->match(v, i, &v->re);
}

/* The next (FORWARD) or previous row of V that matches what / found. */
static void find_next(struct tui *ui, struct tui_view *v, bool forward)
{
	size_t row;

	if (!v->have_re || v->kind->match == NULL) {
		tui_say(ui, false, "Nothing to find: / first");
		return;
	}
	if (list_find(&v->list, forward, match_row, v, &row))
		list_select(&v->list, row, true);
	else
		tui_say(ui, true, "No match");
}

static void search(struct tui *ui, struct tui_view *v)
{
	char *text = tui_prompt(ui, "/", NULL, NULL);
	regex_t re;

	if (text == NULL)
		return;
	if (*text != '\0' && tui_compile(ui, &re, text, false)) {
		if (v->have_re)
			regfree(&v->re);
		v->re = re;
		v->have_re = true;
		find_next(ui, v, true);
	}
	free(text);
}

static void click(struct tui_view *v)
{
	int y, x, wheel;
	size_t row;

	if (!term_mouse(&y, &x, &wheel))
		return;
	if (wheel != 0) {
		list_scroll(&v->list, wheel * WHEEL_ROWS);
		return;
	}
	if (!list_row_at(&v->list, list_y0(v), y, &row))
		return;
	/* A click on the selected row opens it, as Enter does. */
	if (row == v->list.cur && v->kind->act != NULL)
		v->kind->act(v, ACT_OPEN);
	else
		list_select(&v->list, row, false);
}

static void act(struct tui *ui, struct tui_view *v, enum tui_action a)
{
	if (v->kind->act != NULL && v->kind->act(v, a))
		return;
	if (list_move(&v->list, a))
		return;
	switch (a) {
	case ACT_BACK:
		pop(ui, false);
		break;
	case ACT_QUIT:
		pop(ui, true);
		break;
	case ACT_QUIT_NOW:
		ui->quit = true;
		break;
	case ACT_HELP:
		tui_push(ui, view_help(ui, v));
		break;
	case ACT_FUNCTIONS:
		while (ui->depth > 1)
			pop(ui, false);
		break;
	case ACT_FUNCTION:
	case ACT_CALL_TREE:
	case ACT_CALLERS:
	case ACT_SOURCE:
	case ACT_ASM:
		tui_open(ui, a, v->kind->func != NULL ? v->kind->func(v) : NULL);
		break;
	case ACT_SEARCH:
		search(ui, v);
		break;
	case ACT_NEXT:
	case ACT_PREV:
		find_next(ui, v, a == ACT_NEXT);
		break;
	case ACT_CLEAR:
		if (v->have_re)
			regfree(&v->re);
		v->have_re = false;
		break;
	case ACT_REDRAW:
		term_redraw();
		break;
	default:
		tui_say(ui, false, "Not a key of this view: ? lists them");
		break;
	}
}

static void key(struct tui *ui, const struct term_key *k)
{
	struct tui_view *v = top(ui);

	if (k->function && k->code == KEY_RESIZE) {
		for (size_t i = 0; i < ui->depth; i++)
			if (ui->stack[i]->kind->update != NULL)
				ui->stack[i]->kind->update(ui->stack[i]);
		return;
	}
	if (k->function && k->code == KEY_MOUSE) {
		click(v);
		return;
	}
	act(ui, v, keys_action(k, v->kind->id));
}

void tui_browse(const struct tui_source *src)
{
	struct tui ui;
	struct script script = { NULL, NULL, NULL, NULL, "", 0, 0 };
	const char *keys = getenv("CGANNOTATE_TUI_KEYS");

	memset(&ui, 0, sizeof(ui));
	term_open();
	data_init(&ui.data, src);
	ui.event = src->cols->sort[0];
	tui_push(&ui, view_functions(&ui));
	if (keys != NULL) {
		script.text = xstrdup(keys);
		ui.script = &script;
	}
	while (!ui.quit) {
		struct term_key k;
		bool busy = take_news(&ui);

		draw(&ui, NULL);
		/* The first screen is what the benchmark times: the threads'
		 * work is not waited for. */
		if (keys != NULL && *keys == '\0') {
			term_close();
			exit(EXIT_OK);
		}
		data_start(&ui.data);
		if (!read_key(&ui, &k, busy))
			continue;
		ui.message[0] = '\0';
		key(&ui, &k);
	}
	free(script.text);
	term_close();
	while (ui.depth > 0)
		view_free(ui.stack[--ui.depth]);
	free(ui.stack);
	data_release(&ui.data);
}
