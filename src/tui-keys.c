#include "tui-keys.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include <stdlib.h>
#include <string.h>

#include "tui-term.h"
#include "xalloc.h"

#define VIEW_TREES (VIEW_CALL_TREE | VIEW_CALLERS)
#define VIEW_CODE (VIEW_SOURCE | VIEW_ASM)
/* The views that have a selected function. */
#define VIEW_FUNCS (VIEW_ALL & ~(unsigned)VIEW_HELP)

/* One key of an action in some views.  Keys of one action in one view
 * are consecutive, so that the help lists them on one line. */
struct binding {
	int code;
	bool function;             /* a curses KEY_ code */
	const char *label;         /* as the help shows it */
	enum tui_action action;
	unsigned views;
	const char *help;          /* on the first key of the action */
};

#define CTRL(c) ((c) & 0x1f)

static const struct binding bindings[] = {
	/* The function list. */
	{ '\r', false, "Enter", ACT_OPEN, VIEW_FUNCTIONS,
	  "the selected function's page (a <cycle N>: the cycle)" },
	{ '\n', false, NULL, ACT_OPEN, VIEW_FUNCTIONS, NULL },
	{ KEY_ENTER, true, NULL, ACT_OPEN, VIEW_FUNCTIONS, NULL },
	{ 's', false, "s", ACT_SORT, VIEW_FUNCTIONS,
	  "sort by self cost, inclusive cost, calls or name, in turn" },
	{ '\t', false, "Tab", ACT_SORT_EVENT, VIEW_FUNCTIONS, "sort by the next event shown" },
	{ '/', false, "/", ACT_SEARCH, VIEW_FUNCTIONS,
	  "keep the functions whose file:function matches a regular expression "
	  "(case ignored unless it has a capital)" },
	/* A function's page. */
	{ '\r', false, "Enter", ACT_OPEN, VIEW_FUNCTION,
	  "on a caller or callee: its page; on File: the source; on Cycle: the cycle" },
	{ '\n', false, NULL, ACT_OPEN, VIEW_FUNCTION, NULL },
	{ KEY_ENTER, true, NULL, ACT_OPEN, VIEW_FUNCTION, NULL },
	/* The trees. */
	{ '\r', false, "Enter", ACT_OPEN, VIEW_TREES, "expand or collapse one level" },
	{ '\n', false, NULL, ACT_OPEN, VIEW_TREES, NULL },
	{ KEY_ENTER, true, NULL, ACT_OPEN, VIEW_TREES, NULL },
	{ '+', false, "+", ACT_EXPAND, VIEW_TREES, "expand one level" },
	{ KEY_RIGHT, true, "Right", ACT_EXPAND, VIEW_TREES, NULL },
	{ '-', false, "-", ACT_COLLAPSE, VIEW_TREES, "collapse" },
	{ '*', false, "*", ACT_EXPAND_HOT, VIEW_TREES, "expand the hottest path from here" },
	{ 'E', false, "E", ACT_EXPAND_ALL, VIEW_TREES, "expand everything" },
	{ 'C', false, "C", ACT_COLLAPSE_ALL, VIEW_TREES, "collapse everything" },
	/* Source and machine code. */
	{ '\r', false, "Enter", ACT_OPEN, VIEW_CODE, "on a => line: the callee's page" },
	{ '\n', false, NULL, ACT_OPEN, VIEW_CODE, NULL },
	{ KEY_ENTER, true, NULL, ACT_OPEN, VIEW_CODE, NULL },
	{ 'H', false, "H", ACT_HOT_NEXT, VIEW_CODE, "the next hot line, hottest first" },
	{ '\t', false, "Tab", ACT_HOT_NEXT, VIEW_CODE, NULL },
	{ KEY_BTAB, true, "Shift-Tab", ACT_HOT_PREV, VIEW_CODE, "the previous hot line" },
	/* A cycle. */
	{ '\r', false, "Enter", ACT_OPEN, VIEW_CYCLE, "the page of the member or function" },
	{ '\n', false, NULL, ACT_OPEN, VIEW_CYCLE, NULL },
	{ KEY_ENTER, true, NULL, ACT_OPEN, VIEW_CYCLE, NULL },
	/* Finding, in the views that search rather than filter. */
	{ '/', false, "/", ACT_SEARCH, VIEW_ALL & ~(unsigned)VIEW_FUNCTIONS,
	  "find a regular expression (case ignored unless it has a capital)" },
	{ 'n', false, "n", ACT_NEXT, VIEW_ALL, "the next match" },
	{ 'N', false, "N", ACT_PREV, VIEW_ALL, "the previous match" },
	{ 27, false, "Esc", ACT_CLEAR, VIEW_ALL, "forget what / found or kept" },
	/* Going to other views. */
	{ 'i', false, "i", ACT_FUNCTION, VIEW_FUNCS, "the page of the selected function" },
	{ 't', false, "t", ACT_CALL_TREE, VIEW_FUNCS,
	  "the call tree, top-down from the roots, at the selected function's hottest path" },
	{ 'r', false, "r", ACT_CALLERS, VIEW_FUNCS,
	  "the callers tree of the selected function (bottom-up)" },
	{ 'v', false, "v", ACT_SOURCE, VIEW_FUNCS, "the source of the selected function" },
	{ 'a', false, "a", ACT_ASM, VIEW_FUNCS, "the machine code of the selected function" },
	{ 'f', false, "f", ACT_FUNCTIONS, VIEW_ALL & ~(unsigned)VIEW_FUNCTIONS,
	  "back to the function list" },
	{ KEY_LEFT, true, "Left", ACT_BACK, VIEW_ALL, "back to the previous view" },
	{ KEY_BACKSPACE, true, "Backspace", ACT_BACK, VIEW_ALL, NULL },
	{ 127, false, NULL, ACT_BACK, VIEW_ALL, NULL },
	{ 8, false, NULL, ACT_BACK, VIEW_ALL, NULL },
	{ '<', false, "<", ACT_BACK, VIEW_ALL, NULL },
	{ 'q', false, "q", ACT_QUIT, VIEW_ALL, "back; from the first view, quit" },
	{ 'Q', false, "Q", ACT_QUIT_NOW, VIEW_ALL, "quit" },
	{ '?', false, "?", ACT_HELP, VIEW_ALL & ~(unsigned)VIEW_HELP, "this help" },
	{ KEY_F(1), true, "F1", ACT_HELP, VIEW_ALL & ~(unsigned)VIEW_HELP, NULL },
	/* Moving. */
	{ KEY_DOWN, true, "Down", ACT_DOWN, VIEW_ALL, "the next line" },
	{ 'j', false, "j", ACT_DOWN, VIEW_ALL, NULL },
	{ KEY_UP, true, "Up", ACT_UP, VIEW_ALL, "the previous line" },
	{ 'k', false, "k", ACT_UP, VIEW_ALL, NULL },
	{ KEY_NPAGE, true, "PgDn", ACT_PAGE_DOWN, VIEW_ALL, "a page down" },
	{ ' ', false, "Space", ACT_PAGE_DOWN, VIEW_ALL, NULL },
	{ CTRL('f'), false, "Ctrl-F", ACT_PAGE_DOWN, VIEW_ALL, NULL },
	{ KEY_PPAGE, true, "PgUp", ACT_PAGE_UP, VIEW_ALL, "a page up" },
	{ 'b', false, "b", ACT_PAGE_UP, VIEW_ALL, NULL },
	{ CTRL('b'), false, "Ctrl-B", ACT_PAGE_UP, VIEW_ALL, NULL },
	{ KEY_HOME, true, "Home", ACT_HOME, VIEW_ALL, "the first line" },
	{ 'g', false, "g", ACT_HOME, VIEW_ALL, NULL },
	{ KEY_END, true, "End", ACT_END, VIEW_ALL, "the last line" },
	{ 'G', false, "G", ACT_END, VIEW_ALL, NULL },
	{ CTRL('l'), false, "Ctrl-L", ACT_REDRAW, VIEW_ALL, "draw the screen again" },
};

#define NBINDINGS (sizeof(bindings) / sizeof(bindings[0]))

enum tui_action keys_action(const struct term_key *k, unsigned view)
{
	for (size_t i = 0; i < NBINDINGS; i++)
		if (bindings[i].code == k->code && bindings[i].function == k->function &&
		    (bindings[i].views & view))
			return bindings[i].action;
	return ACT_NONE;
}

/* "KEYS  WHAT" for the action of binding FIRST in VIEW; *NEXT gets the
 * binding after its keys. */
static char *help_line(size_t first, unsigned view, size_t *next)
{
	char keys[64] = "";
	size_t i = first, len = 0;

	for (; i < NBINDINGS && bindings[i].action == bindings[first].action &&
	       (bindings[i].views & view) && (i == first || bindings[i].help == NULL); i++) {
		if (bindings[i].label == NULL)
			continue;
		len += (size_t)snprintf(keys + len, sizeof(keys) - len, "%s%s", len ? ", " : "",
					bindings[i].label);
		if (len >= sizeof(keys))
			len = sizeof(keys) - 1;
	}
	*next = i;
	return xasprintf("  %-20s  %s", keys, bindings[first].help);
}

/* Add the help lines of the bindings of VIEW whose views are (SHARED) or
 * are not (!SHARED) every view with a function. */
static void add_lines(char ***lines, size_t *n, size_t *cap, unsigned view, bool shared)
{
	for (size_t i = 0; i < NBINDINGS;) {
		size_t next = i + 1;
		bool everywhere = (bindings[i].views & VIEW_FUNCS) == VIEW_FUNCS;

		if ((bindings[i].views & view) && bindings[i].help != NULL && everywhere == shared) {
			xgrow(lines, cap, *n + 1, sizeof(**lines));
			(*lines)[(*n)++] = help_line(i, view, &next);
		}
		i = next;
	}
}

char **keys_help(unsigned view, size_t *n)
{
	char **lines = NULL;
	size_t cap = 0;

	*n = 0;
	add_lines(&lines, n, &cap, view, false);
	xgrow(&lines, &cap, *n + 1, sizeof(*lines));
	lines[(*n)++] = xstrdup("");
	add_lines(&lines, n, &cap, view, true);
	return lines;
}

void keys_help_free(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
