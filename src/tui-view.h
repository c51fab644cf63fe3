/* A view of the browser: a list (tui-list.h) and what its rows are, with
 * callbacks per kind of view (tig's struct view), on the browser's stack
 * of views. */
#ifndef CGA_TUI_VIEW_H
#define CGA_TUI_VIEW_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

#include "tui-data.h"
#include "tui-keys.h"
#include "tui-list.h"

struct tui;
struct tui_view;

struct tui_view_kind {
	enum tui_view_id id;
	const char *name;          /* "Functions", as the top line and the help say */
	/* What follows the name on the top line (a function's name), into
	 * BUF; may be NULL. */
	void (*title)(struct tui_view *v, char *buf, size_t len);
	/* The line of column headings; NULL: none. */
	void (*head)(struct tui_view *v, int y, int width);
	tui_row_fn *row;           /* its ARG is the view */
	/* A key's action, when the view has one: true if it was. */
	bool (*act)(struct tui_view *v, enum tui_action a);
	/* The function of the selected row (for i, t, r, v, a), or NULL. */
	const struct func *(*func)(struct tui_view *v);
	/* Whether row I's text matches RE (/, n, N). */
	bool (*match)(struct tui_view *v, size_t i, const regex_t *re);
	/* What the bottom line says of it besides the position, into BUF;
	 * may be NULL. */
	void (*status)(struct tui_view *v, char *buf, size_t len);
	/* What the view shows changed (estimates arrived, the sort event
	 * changed): make its rows again; may be NULL. */
	void (*update)(struct tui_view *v);
	void (*release)(struct tui_view *v);
};

struct tui_view {
	const struct tui_view_kind *kind;
	struct tui *ui;
	struct tui_list list;
	void *state;
	regex_t re;                /* what / found last */
	bool have_re;
};

/* The browser. */
struct tui {
	struct tui_data data;
	struct tui_view **stack;   /* the views walked to; the last is on the screen */
	size_t depth, cap;
	size_t event;              /* the event the views show first and sort by */
	bool quit;
	char message[512];         /* for the bottom line, until the next key */
	bool message_error;
	struct script *script;     /* keys from $CGANNOTATE_TUI_KEYS, or NULL */
};

/* A new view of KIND with STATE (the view's to free) and N rows. */
struct tui_view *tui_view_new(struct tui *ui, const struct tui_view_kind *kind, void *state,
			      size_t n);
/* Put V on the screen, the view before it kept to go back to. */
void tui_push(struct tui *ui, struct tui_view *v);
/* A message on the bottom line until the next key. */
void tui_say(struct tui *ui, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A line typed on the bottom line after LABEL: a new string, or NULL
 * when given up (Esc).  LIVE, unless NULL, is told the text at each
 * change (NULL when given up). */
char *tui_prompt(struct tui *ui, const char *label, void (*live)(void *arg, const char *text),
		 void *arg);
/* Compile TEXT typed after / into RE: case ignored unless it has a
 * capital letter (as ag's smart case).  False when it is no regular
 * expression (with a message, unless QUIET). */
bool tui_compile(struct tui *ui, regex_t *re, const char *text, bool quiet);
/* Open the view of ACTION (ACT_FUNCTION, ACT_CALL_TREE, ...) for F. */
void tui_open(struct tui *ui, enum tui_action action, const struct func *f);

/* The views. */
struct tui_view *view_functions(struct tui *ui);
struct tui_view *view_function(struct tui *ui, const struct func *f);
struct tui_view *view_call_tree(struct tui *ui, const struct func *at);
struct tui_view *view_callers(struct tui *ui, const struct func *f);
struct tui_view *view_source(struct tui *ui, const struct func *f);
struct tui_view *view_asm(struct tui *ui, const struct func *f);
struct tui_view *view_cycle(struct tui *ui, const struct cycle *c);
struct tui_view *view_help(struct tui *ui, const struct tui_view *of);

#endif
