/* The browser's keys: a table of key -> action, per view, which both the
 * key handling and the help screen read. */
#ifndef CGA_TUI_KEYS_H
#define CGA_TUI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

struct term_key;

enum tui_action {
	ACT_NONE,
	/* moving in the list: every view */
	ACT_UP, ACT_DOWN, ACT_PAGE_UP, ACT_PAGE_DOWN, ACT_HOME, ACT_END,
	/* the views */
	ACT_OPEN, ACT_BACK, ACT_QUIT, ACT_QUIT_NOW, ACT_HELP, ACT_FUNCTIONS, ACT_FUNCTION,
	ACT_CALL_TREE, ACT_CALLERS, ACT_SOURCE, ACT_ASM, ACT_REDRAW,
	/* finding */
	ACT_SEARCH, ACT_NEXT, ACT_PREV, ACT_CLEAR,
	/* the function list */
	ACT_SORT, ACT_SORT_EVENT,
	/* the trees */
	ACT_EXPAND, ACT_COLLAPSE, ACT_EXPAND_HOT, ACT_EXPAND_ALL, ACT_COLLAPSE_ALL,
	/* source and machine code */
	ACT_HOT_NEXT, ACT_HOT_PREV,
};

/* The views, as bits: a key is bound in some of them. */
enum tui_view_id {
	VIEW_FUNCTIONS = 1 << 0,
	VIEW_FUNCTION = 1 << 1,
	VIEW_CALL_TREE = 1 << 2,
	VIEW_CALLERS = 1 << 3,
	VIEW_SOURCE = 1 << 4,
	VIEW_ASM = 1 << 5,
	VIEW_CYCLE = 1 << 6,
	VIEW_HELP = 1 << 7,
};
#define VIEW_ALL 0xffu

/* The action of key K in view VIEW (one VIEW_ bit); ACT_NONE if none. */
enum tui_action keys_action(const struct term_key *k, unsigned view);

/* The help of view VIEW: one line per action bound there, "KEYS  WHAT",
 * the keys of the view first, then those of every view.  *N lines, in a
 * new array of new strings; the caller frees them (keys_help_free). */
char **keys_help(unsigned view, size_t *n);
void keys_help_free(char **lines, size_t n);

#endif
