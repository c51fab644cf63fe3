/* The one list every view of the browser is: rows, the selected one, the
 * part that is on the screen, moving through them, and finding a row that
 * matches.  What a row shows is the view's business (a callback). */
#ifndef CGA_TUI_LIST_H
#define CGA_TUI_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include "model-cost.h"
#include "tui-keys.h"

struct tui_list {
	size_t n;                  /* rows */
	size_t cur;                /* the selected row (0 when there is none) */
	size_t top;                /* the first row on the screen */
	int height;                /* rows on the screen, as last drawn */
};

/* Draw row I at line Y, WIDTH columns; SELECTED: it is the selected one. */
typedef void tui_row_fn(void *arg, size_t i, int y, int width, bool selected);
/* Whether row I matches what is searched for. */
typedef bool tui_match_fn(void *arg, size_t i);

/* A list of N rows, the first selected. */
void list_reset(struct tui_list *l, size_t n);
/* N rows now, the selection kept where it can be. */
void list_resize(struct tui_list *l, size_t n);

/* Move for ACTION (up, down, a page, home, end); returns false for any
 * other action. */
bool list_move(struct tui_list *l, enum tui_action action);
/* Select row I, scrolled into view; with CENTRE, in the middle of the
 * screen when it was not on it. */
void list_select(struct tui_list *l, size_t i, bool centre);
/* Scroll by DELTA rows (the mouse wheel), the selection following. */
void list_scroll(struct tui_list *l, long delta);
/* The row on line Y of the screen, when the list starts at line Y0:
 * false when there is none. */
bool list_row_at(const struct tui_list *l, int y0, int y, size_t *row);

/* Draw the rows that fit in HEIGHT lines from line Y0. */
void list_draw(struct tui_list *l, int y0, int height, int width, tui_row_fn *row, void *arg);

/* The next row from the selected one on (FORWARD) or back that MATCH
 * accepts, wrapping around; the selected row is tried last.  False when
 * none does. */
bool list_find(const struct tui_list *l, bool forward, tui_match_fn *match, void *arg,
	       size_t *found);

/* Sort the N rows ROWS by KEY[row], largest first (then by row): the
 * order H and Tab go through hot lines in. */
void list_sort_hot(size_t *rows, size_t n, const cost_t *key);

/* Select the next (FORWARD) or previous of the N rows ORDER lists, after
 * the *AT-th, wrapping around; *AT becomes its place in ORDER. */
void list_cycle(struct tui_list *l, const size_t *order, size_t n, size_t *at, bool forward);

#endif
