/* The help of a view (? or F1): every key bound in it, from the key
 * table, and what the marks of the figures mean. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

struct help {
	const char *of;            /* the name of the view it is the help of */
	char **lines;              /* wrapped to the screen */
	size_t n, cap;
	unsigned view;
};

static struct help *state(const struct tui_view *v)
{
	return v->state;
}

/* TEXT as lines of at most WIDTH columns, broken at spaces, the lines
 * after the first indented by INDENT. */
static void add_wrapped(struct help *h, const char *text, int width, int indent)
{
	size_t len = strlen(text), at = 0;
	bool first = true;

	do {
		int room = first ? width : width - indent;
		size_t fit = term_text_fit(text + at, len - at, room > 10 ? room : 10), cut = fit;

		if (at + fit < len) {
			while (cut > 0 && text[at + cut] != ' ')
				cut--;
			if (cut == 0)
				cut = fit;
		}
		xgrow(&h->lines, &h->cap, h->n + 1, sizeof(*h->lines));
		h->lines[h->n++] = xasprintf("%*s%.*s", first ? 0 : indent, "", (int)cut, text + at);
		at += cut;
		while (at < len && text[at] == ' ')
			at++;
		first = false;
	} while (at < len);
}

static void free_lines(struct help *h)
{
	for (size_t i = 0; i < h->n; i++)
		free(h->lines[i]);
	h->n = 0;
}

static void lay_out(struct tui_view *v, int width)
{
	struct help *h = state(v);
	size_t nkeys;
	char **keys = keys_help(h->view, &nkeys);
	char *text;

	free_lines(h);
	text = xasprintf("Keys of the %s view", h->of);
	add_wrapped(h, text, width, 0);
	free(text);
	for (size_t i = 0; i < nkeys; i++)
		add_wrapped(h, keys[i], width, 24);
	keys_help_free(keys, nkeys);
	add_wrapped(h, "", width, 0);
	add_wrapped(h, "What the figures are", width, 0);
	text = xasprintf("  %s  proven lower bound of the cost spent while it runs (recursion: the "
			 "profile records no more)", term_glyph(GLYPH_BOUND));
	add_wrapped(h, text, width, 6);
	free(text);
	text = xasprintf("  %s  estimated from the call graph's stacks, what the flame graph draws",
			 term_glyph(GLYPH_ESTIMATE));
	add_wrapped(h, text, width, 6);
	free(text);
	add_wrapped(h, "  Counts are written as the text report writes them, each with its share of "
		    "the program's total; a figure of no mark is exact. A call inside a cycle of "
		    "calls shows \"recursive\" and its count: its recorded cost counts nested "
		    "activations again at each level. The mouse wheel scrolls; a click selects, a "
		    "click on the selected line opens it.", width, 2);
	list_resize(&v->list, h->n);
}

static void row(void *arg, size_t i, int y, int width, bool selected)
{
	struct tui_view *v = arg;
	struct help *h = state(v);

	draw_left(y, 0, width, h->lines[i], draw_look(i == 0 ? LOOK_HEADING : LOOK_PLAIN, selected));
}

static bool match(struct tui_view *v, size_t i, const regex_t *re)
{
	return regexec(re, state(v)->lines[i], 0, NULL, 0) == 0;
}

static void update(struct tui_view *v)
{
	lay_out(v, term_width());
}

static void release(struct tui_view *v)
{
	struct help *h = state(v);

	free_lines(h);
	free(h->lines);
	free(h);
}

static const struct tui_view_kind kind = {
	.id = VIEW_HELP,
	.name = "Help",
	.row = row,
	.match = match,
	.update = update,
	.release = release,
};

struct tui_view *view_help(struct tui *ui, const struct tui_view *of)
{
	struct help *h = xcalloc(1, sizeof(*h));
	struct tui_view *v = tui_view_new(ui, &kind, h, 0);

	h->of = of->kind->name;
	h->view = of->kind->id;
	update(v);
	return v;
}
