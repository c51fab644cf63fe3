/* What the views draw of the model: counts as the text report writes them
 * (report-columns.h), inclusive figures with the marks of a bound and an
 * estimate, function names shortened as the other views shorten them,
 * bars of shares, and which events' columns fit the screen. */
#ifndef CGA_TUI_DRAW_H
#define CGA_TUI_DRAW_H

#include <stdbool.h>
#include <stddef.h>

#include <regex.h>

#include "model-profile.h"
#include "report-columns.h"
#include "report-text.h"
#include "tui-data.h"

/* Room for a share, "≈ 100.00%" and the like. */
#define DRAW_SHARE_MAX 48

/* LOOK, or'ed with LOOK_SELECTED when SELECTED. */
int draw_look(int look, bool selected);

/* TEXT in WIDTH columns from X, left- or right-aligned, the rest blank.
 * Return the column after them. */
int draw_left(int y, int x, int width, const char *text, int look);
int draw_right(int y, int x, int width, const char *text, int look);

/* The count V of EVENT as the text report writes it in a column of
 * widths W (columns_cell_text), right-aligned in WIDTH columns from X.
 * Returns the column after them. */
int draw_count(int y, int x, int width, const struct columns *c, const size_t *w, size_t event,
	       cost_t v, int look);

/* F's "file:function" in at most WIDTH columns from X: whole when it
 * fits, else its function's name shortened (name_shorten) after the file,
 * else cut in the middle.  Returns the columns drawn. */
int draw_name(int y, int x, int width, const struct func *f, int look);

/* A bar of SHARE (0 to 1) in WIDTH columns from X. */
void draw_bar(int y, int x, int width, double share, int look);

/* X's share of TOTAL with two decimals, "56.73%", into BUF (room for
 * DRAW_SHARE_MAX). */
size_t draw_share_text(char *buf, cost_t x, cost_t total);

/* The mark before an inclusive figure shown as KIND: "≥ " for a bound,
 * blanks for an exact figure (two columns either way). */
const char *draw_incl_mark(enum tui_incl kind);
/* What stands beside it: "≈ 56.73%" for an estimate that differs, "≈ …"
 * for one being made, "" otherwise. */
void draw_estimate_share(char *buf, enum tui_incl kind, cost_t estimate, cost_t total);

/* The count columns of a listing (source lines, instructions, calls):
 * every event's widths (report-columns.h), and the events that fit the
 * screen, the event shown first first. */
struct draw_columns {
	const struct columns *c;
	size_t *w;
	int *per_event;            /* the columns an event takes, its space included */
	size_t *events;            /* those that fit, as fitted last */
	size_t nevents;
};

void draw_columns_init(struct draw_columns *dc, const struct columns *c);
void draw_columns_release(struct draw_columns *dc);
/* Make the columns wide enough for V (NULL: nothing). */
void draw_columns_widen(struct draw_columns *dc, const cost_t *v);
/* Choose the events that fit WIDTH columns leaving REST, FIRST first. */
void draw_columns_fit(struct draw_columns *dc, size_t first, int width, int rest);
/* The events' names, or V's counts (NULL: blank), from X; return the
 * column after them. */
int draw_columns_head(const struct draw_columns *dc, int y, int x, int look);
int draw_columns_cells(const struct draw_columns *dc, int y, int x, const cost_t *v, int look);

/* The rest of a "=> callee (Nx)" line of the call R from X to WIDTH, the
 * callee's name shortened to keep the count. */
void draw_call_line(int y, int x, int width, const struct columns *c, const struct call_row *r,
		    int look);
/* Whether such a line, "=> file:function", matches RE. */
bool draw_call_matches(const regex_t *re, const struct call_row *r);

/* The events whose columns a view shows: FIRST, then the other shown
 * events in order, as many as fit when each takes PER[event] columns and
 * REST columns must be left: at least FIRST.  Into OUT (room for
 * c->nshow + 1); returns how many. */
size_t draw_fit_events(const struct columns *c, size_t first, const int *per, int width,
		       int rest, size_t *out);

#endif
