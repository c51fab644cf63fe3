/* A function's machine code: objdump's disassembly of it, each
 * instruction with its costs, the source line it comes from, the calls
 * made from it and the jumps taken from it, as --asm lists them; opened
 * at the hottest instruction.  The instructions' data are read on first
 * use, on a thread (unless --asm kept them). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "report-asm.h"
#include "report-text.h"
#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

/* The least room the instructions' text keeps. */
#define TEXT_ROOM 40

enum row_kind { R_NOTE, R_OBJECT, R_SOURCE, R_INSTR, R_CALL, R_JUMP };

struct row {
	enum row_kind kind;
	size_t af;                 /* which of the function's objects */
	size_t line;               /* its line of code (R_SOURCE, R_INSTR, R_CALL, R_JUMP) */
	size_t calls;              /* R_CALL: the instruction's calls */
	size_t call;               /* R_CALL: which of them */
	const struct jump *jump;   /* R_JUMP */
};

/* The calls of an instruction, as the text report lists them. */
struct calls {
	struct call_row *rows;
	cost_t *costs;
	size_t n;
};

struct listing {
	struct tui *ui;
	const struct func *f;
	const struct tui_code *c;  /* once there */
	const char *why;           /* why there is none */
	struct row *rows;
	size_t nrows, cap;
	struct calls *calls;       /* of the instructions that make calls */
	size_t ncalls, calls_cap;
	struct draw_columns cols;
	int addr_width;
	cost_t *cost;
	size_t *hot;
	size_t nhot, hot_at;
};

static struct listing *state(const struct tui_view *v)
{
	return v->state;
}

static const struct line_entry *entry_of(const struct asm_func *af, const struct asm_line *al)
{
	return al->instr < 0 ? NULL : &af->code->instrs.entries[al->instr];
}

static const struct instr_info *info_of(const struct asm_func *af, const struct asm_line *al)
{
	return al->instr < 0 ? NULL : &af->code->info[al->instr];
}

static struct row *add_row(struct listing *s, enum row_kind kind, size_t af, size_t line)
{
	xgrow(&s->rows, &s->cap, s->nrows + 1, sizeof(*s->rows));
	s->rows[s->nrows] = (struct row){ kind, af, line, 0, 0, NULL };
	return &s->rows[s->nrows++];
}

static const cost_t *self_of(struct listing *s, const struct asm_func *af, const struct asm_line *al)
{
	const struct line_entry *e = entry_of(af, al);
	const struct tui_data *d = &s->ui->data;

	return e != NULL ? cells_expand(&d->code->spill, e->cost, s->cost, d->cols->nevents) : NULL;
}

/* The rows of one object's code: "# file:line" where the source line
 * changes, each instruction, its calls and its jumps. */
static void add_object(struct listing *s, size_t k)
{
	const struct asm_func *af = &s->c->af[k];
	const struct tui_data *d = &s->ui->data;
	const struct pfile *file = NULL;
	uint64_t line = 0;
	char addr[24];

	if (s->c->naf > 1)
		add_row(s, R_OBJECT, k, 0);
	if (asm_missing(af) != NULL)
		add_row(s, R_NOTE, k, 0);
	for (size_t i = 0; i < af->nlines; i++) {
		const struct asm_line *al = &af->lines[i];
		const struct instr_info *info = info_of(af, al);
		const struct line_entry *e = entry_of(af, al);
		const cost_t *v = self_of(s, af, al);
		int len = snprintf(addr, sizeof(addr), "0x%" PRIx64, al->address);

		if (len > s->addr_width)
			s->addr_width = len;
		draw_columns_widen(&s->cols, v);
		if (info != NULL && info->file != NULL && info->line != 0 &&
		    (info->file != file || info->line != line)) {
			file = info->file;
			line = info->line;
			add_row(s, R_SOURCE, k, i);
		}
		add_row(s, R_INSTR, k, i);
		if (e != NULL && e->sites != NULL) {
			struct calls *c;

			xgrow(&s->calls, &s->calls_cap, s->ncalls + 1, sizeof(*s->calls));
			c = &s->calls[s->ncalls];
			c->rows = report_line_calls(d->code, d->cols, e, &c->n, &c->costs);
			for (size_t j = 0; j < c->n; j++) {
				struct row *r = add_row(s, R_CALL, k, i);

				r->calls = s->ncalls;
				r->call = j;
				draw_columns_widen(&s->cols, c->rows[j].cost);
			}
			s->ncalls++;
		}
		for (const struct jump *j = info != NULL ? info->jumps : NULL; j; j = j->next)
			add_row(s, R_JUMP, k, i)->jump = j;
	}
}

static void make_rows(struct tui_view *v)
{
	struct listing *s = state(v);
	size_t event = s->ui->event;
	cost_t *key;

	for (size_t k = 0; k < s->c->naf; k++)
		add_object(s, k);
	key = xcalloc(s->nrows + 1, sizeof(*key));
	s->hot = xmalloc((s->nrows + 1) * sizeof(*s->hot));
	for (size_t i = 0; i < s->nrows; i++) {
		const struct row *r = &s->rows[i];
		const cost_t *c;

		if (r->kind != R_INSTR)
			continue;
		c = self_of(s, &s->c->af[r->af], &s->c->af[r->af].lines[r->line]);
		if (c == NULL || c[event] == COST_ABSENT || c[event] == 0)
			continue;
		key[i] = c[event] < 0 ? -c[event] : c[event];
		s->hot[s->nhot++] = i;
	}
	list_sort_hot(s->hot, s->nhot, key);
	free(key);
	list_resize(&v->list, s->nrows);
	if (s->nhot > 0)
		list_select(&v->list, s->hot[0], true);
}

/* The code, once it is there. */
static void take_code(struct tui_view *v)
{
	struct listing *s = state(v);

	if (s->c != NULL || s->why != NULL)
		return;
	s->c = data_code(&s->ui->data, s->f, &s->why);
	if (s->c != NULL && s->c->af == NULL)
		s->why = "the profile has no instructions of this function";
	if (s->c != NULL && s->why == NULL)
		make_rows(v);
	else if (s->why != NULL)
		list_resize(&v->list, 1);
}

static void row(void *arg, size_t i, int y, int width, bool selected)
{
	struct tui_view *v = arg;
	struct listing *s = state(v);
	const struct tui_data *d = &s->ui->data;
	int look = draw_look(LOOK_PLAIN, selected), x = 0;
	const struct row *r;
	const struct asm_func *af;
	const struct asm_line *al;
	char text[64], *owned = NULL;

	if (s->why != NULL || s->c == NULL) {
		draw_left(y, 0, width, s->why != NULL ? s->why :
			  "Reading the profile again for its instructions' data...",
			  draw_look(s->why != NULL ? LOOK_ERROR : LOOK_DIM, selected));
		return;
	}
	r = &s->rows[i];
	af = &s->c->af[r->af];
	al = r->line < af->nlines ? &af->lines[r->line] : NULL;
	switch (r->kind) {
	case R_NOTE:
		owned = xasprintf("No disassembly: %s", asm_missing(af));
		draw_left(y, 0, width, owned, draw_look(LOOK_ERROR, selected));
		break;
	case R_OBJECT:
		owned = xasprintf("%s 0x%" PRIx64 "-0x%" PRIx64, af->code->object, af->low, af->high);
		draw_left(y, 0, width, owned, draw_look(LOOK_HEADING, selected));
		break;
	case R_SOURCE:
		x = draw_columns_cells(&s->cols, y, x, NULL, look);
		owned = xasprintf("# %s:%" PRIu64, info_of(af, al)->file->name, info_of(af, al)->line);
		draw_left(y, x, width - x, owned, draw_look(LOOK_DIM, selected));
		break;
	case R_INSTR: {
		const cost_t *c = self_of(s, af, al);

		x = draw_columns_cells(&s->cols, y, x, c, look);
		snprintf(text, sizeof(text), "0x%" PRIx64, al->address);
		x = draw_left(y, x, s->addr_width + 2, text, draw_look(LOOK_DIM, selected));
		draw_left(y, x, width - x, al->text != NULL ? al->text : af->object_read ?
			  "(no instruction starts here in the object)" : "",
			  draw_look(c != NULL ? LOOK_PLAIN : LOOK_DIM, selected));
		break;
	}
	case R_CALL: {
		const struct call_row *c = &s->calls[r->calls].rows[r->call];

		x = draw_columns_cells(&s->cols, y, x, c->cost, look);
		draw_call_line(y, x, width, d->cols, c, look);
		break;
	}
	case R_JUMP:
		x = draw_columns_cells(&s->cols, y, x, NULL, look);
		owned = report_jump_text(d->cols, r->jump);
		draw_left(y, x, width - x, owned, look);
		break;
	}
	free(owned);
}

static void head(struct tui_view *v, int y, int width)
{
	struct listing *s = state(v);
	int x;

	if (s->c == NULL || s->why != NULL) {
		draw_left(y, 0, width, "", LOOK_HEADING);
		return;
	}
	draw_columns_fit(&s->cols, s->ui->event, width, s->addr_width + 2 + TEXT_ROOM);
	x = draw_columns_head(&s->cols, y, 0, LOOK_HEADING);
	x = draw_left(y, x, s->addr_width + 2, "address", LOOK_HEADING);
	draw_left(y, x, width - x, "instruction", LOOK_HEADING);
}

/* The callee of row I's call, in the browsed profile, or NULL. */
static const struct func *callee(const struct listing *s, size_t i)
{
	const struct row *r;

	if (s->c == NULL || s->why != NULL || s->rows[i].kind != R_CALL)
		return NULL;
	r = &s->rows[i];
	return data_same_func(&s->ui->data, s->calls[r->calls].rows[r->call].other);
}

/* Select the instruction a jump goes to, when it is in the listing. */
static bool follow_jump(struct tui_view *v, const struct jump *j)
{
	struct listing *s = state(v);

	for (size_t i = 0; i < s->nrows; i++) {
		const struct row *r = &s->rows[i];

		if (r->kind == R_INSTR && s->c->af[r->af].lines[r->line].address == j->target) {
			list_select(&v->list, i, true);
			return true;
		}
	}
	return false;
}

static bool act(struct tui_view *v, enum tui_action a)
{
	struct listing *s = state(v);
	const struct row *r = s->c != NULL && s->why == NULL ? &s->rows[v->list.cur] : NULL;

	switch (a) {
	case ACT_OPEN:
		if (r != NULL && r->kind == R_CALL && callee(s, v->list.cur) != NULL)
			tui_open(s->ui, ACT_FUNCTION, callee(s, v->list.cur));
		else if (r != NULL && r->kind == R_JUMP) {
			if (!follow_jump(v, r->jump))
				tui_say(s->ui, false, "The jump leaves this listing");
		} else
			tui_say(s->ui, false, "Enter opens the callee of a => line, or follows a jump");
		return true;
	case ACT_HOT_NEXT:
	case ACT_HOT_PREV:
		list_cycle(&v->list, s->hot, s->nhot, &s->hot_at, a == ACT_HOT_NEXT);
		return true;
	default:
		return false;
	}
}

static const struct func *selected(struct tui_view *v)
{
	struct listing *s = state(v);
	const struct func *f = callee(s, v->list.cur);

	return f != NULL ? f : s->f;
}

static bool match(struct tui_view *v, size_t i, const regex_t *re)
{
	struct listing *s = state(v);
	const struct row *r;

	if (s->c == NULL || s->why != NULL)
		return false;
	r = &s->rows[i];
	if (r->kind == R_CALL)
		return draw_call_matches(re, &s->calls[r->calls].rows[r->call]);
	return r->kind == R_INSTR && s->c->af[r->af].lines[r->line].text != NULL &&
	       regexec(re, s->c->af[r->af].lines[r->line].text, 0, NULL, 0) == 0;
}

static void title(struct tui_view *v, char *buf, size_t len)
{
	snprintf(buf, len, "%s", state(v)->f->fullname);
}

static void status(struct tui_view *v, char *buf, size_t len)
{
	struct listing *s = state(v);

	if (s->c != NULL && s->why == NULL)
		snprintf(buf, len, "hot instructions: %zu (H, Tab)", s->nhot);
}

static void update(struct tui_view *v)
{
	take_code(v);
}

static void release(struct tui_view *v)
{
	struct listing *s = state(v);

	for (size_t i = 0; i < s->ncalls; i++) {
		free(s->calls[i].rows);
		free(s->calls[i].costs);
	}
	free(s->calls);
	free(s->rows);
	draw_columns_release(&s->cols);
	free(s->cost);
	free(s->hot);
	free(s);
}

static const struct tui_view_kind kind = {
	.id = VIEW_ASM,
	.name = "Machine code",
	.title = title,
	.head = head,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.status = status,
	.update = update,
	.release = release,
};

struct tui_view *view_asm(struct tui *ui, const struct func *f)
{
	struct listing *s = xcalloc(1, sizeof(*s));
	const struct columns *c = ui->data.cols;
	struct tui_view *v = tui_view_new(ui, &kind, s, 1);

	s->ui = ui;
	s->f = f;
	draw_columns_init(&s->cols, c);
	s->cost = xmalloc((c->nevents ? c->nevents : 1) * sizeof(*s->cost));
	take_code(v);
	return v;
}
