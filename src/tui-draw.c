#include "tui-draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-name.h"
#include "fmt-num.h"
#include "tui-term.h"
#include "xalloc.h"

int draw_look(int look, bool selected)
{
	return selected ? look | LOOK_SELECTED : look;
}

int draw_left(int y, int x, int width, const char *text, int look)
{
	int used = term_put(y, x, width, text, look);

	term_fill(y, x + used, width - used, look);
	return x + width;
}

int draw_right(int y, int x, int width, const char *text, int look)
{
	int len = term_text_width(text, strlen(text));
	int pad = width > len ? width - len : 0;

	term_fill(y, x, pad, look);
	term_put(y, x + pad, width - pad, text, look);
	return x + width;
}

int draw_count(int y, int x, int width, const struct columns *c, const size_t *w, size_t event,
	       cost_t v, int look)
{
	char text[COLUMNS_CELL_MAX];

	text[columns_cell_text(text, c, w, event, v)] = '\0';
	return draw_right(y, x, width, text, look);
}

int draw_name(int y, int x, int width, const struct func *f, int look)
{
	const char *full = f->fullname, *file = f->key.file->name;
	int len = term_text_width(full, strlen(full));
	int flen = term_text_width(file, strlen(file));
	char *text;
	int used;

	if (len <= width || width <= 0)
		return term_put(y, x, width, full, look);
	/* The file whole, and what is left for the function's name, as
	 * --name-width shortens it; else the whole cut in the middle. */
	if (f->whole == NULL && *file != '\0' && width - flen - 1 >= 16) {
		used = term_put(y, x, width, file, look);
		used += term_put(y, x + used, width - used, ":", look);
		text = name_shorten(f->key.name, (size_t)(width - used));
	} else {
		used = 0;
		text = name_cut_middle(full, (size_t)width);
	}
	used += term_put(y, x + used, width - used, text, look);
	free(text);
	return used;
}

void draw_bar(int y, int x, int width, double share, int look)
{
	/* Eighths of a column: U+258F (one eighth) to U+2588 (whole). */
	static const char *const eighths[] = { "", "\xe2\x96\x8f", "\xe2\x96\x8e", "\xe2\x96\x8d",
					       "\xe2\x96\x8c", "\xe2\x96\x8b", "\xe2\x96\x8a",
					       "\xe2\x96\x89" };
	int steps = term_utf8() ? 8 : 1;
	long n = share <= 0 ? 0 : share >= 1 ? (long)width * steps : (long)(share * width * steps + 0.5);
	int x0 = x;

	for (; n >= steps && x < x0 + width; n -= steps)
		x += term_put(y, x, 1, term_glyph(GLYPH_BAR_FULL), look);
	if (n > 0 && x < x0 + width && steps == 8)
		x += term_put(y, x, 1, eighths[n], look);
	term_fill(y, x, x0 + width - x, look & LOOK_SELECTED ? LOOK_SELECTED : LOOK_PLAIN);
}

size_t draw_share_text(char *buf, cost_t x, cost_t total)
{
	size_t len = numfmt_fixed2(buf, numfmt_ratio100(x, total));

	memcpy(buf + len, "%", 2);
	return len + 1;
}

const char *draw_incl_mark(enum tui_incl kind)
{
	static char bound[8];

	if (kind == INCL_EXACT)
		return "  ";
	snprintf(bound, sizeof(bound), "%s ", term_glyph(GLYPH_BOUND));
	return bound;
}

void draw_estimate_share(char *buf, enum tui_incl kind, cost_t estimate, cost_t total)
{
	const char *mark = term_glyph(GLYPH_ESTIMATE);
	size_t len = strlen(mark);

	buf[0] = '\0';
	if (kind != INCL_BOTH && kind != INCL_PENDING)
		return;
	memcpy(buf, mark, len);
	buf[len++] = ' ';
	if (kind == INCL_PENDING)
		snprintf(buf + len, DRAW_SHARE_MAX - len, "%s", term_utf8() ? "\xe2\x80\xa6" : "...");
	else
		draw_share_text(buf + len, estimate, total);
}

size_t draw_fit_events(const struct columns *c, size_t first, const int *per, int width,
		       int rest, size_t *out)
{
	size_t n = 0;
	int used = per[first];

	out[n++] = first;
	for (size_t k = 0; k < c->nshow; k++) {
		size_t e = c->show[k];

		if (e == first)
			continue;
		if (used + per[e] + rest > width)
			break;
		used += per[e];
		out[n++] = e;
	}
	return n;
}

void draw_columns_init(struct draw_columns *dc, const struct columns *c)
{
	dc->c = c;
	dc->w = columns_widths_new(c);
	dc->per_event = xcalloc(c->nevents + 1, sizeof(*dc->per_event));
	dc->events = xmalloc((c->nshow + 1) * sizeof(*dc->events));
	dc->nevents = 0;
}

void draw_columns_release(struct draw_columns *dc)
{
	free(dc->w);
	free(dc->per_event);
	free(dc->events);
}

void draw_columns_widen(struct draw_columns *dc, const cost_t *v)
{
	if (v != NULL)
		columns_widen(dc->c, dc->w, v);
}

void draw_columns_fit(struct draw_columns *dc, size_t first, int width, int rest)
{
	for (size_t e = 0; e < dc->c->nevents; e++)
		dc->per_event[e] = (int)dc->w[e] + 1;
	dc->nevents = draw_fit_events(dc->c, first, dc->per_event, width, rest, dc->events);
}

int draw_columns_head(const struct draw_columns *dc, int y, int x, int look)
{
	for (size_t k = 0; k < dc->nevents; k++)
		x = draw_left(y, x, dc->per_event[dc->events[k]], dc->c->events[dc->events[k]].name,
			      look);
	return x;
}

int draw_columns_cells(const struct draw_columns *dc, int y, int x, const cost_t *v, int look)
{
	for (size_t k = 0; k < dc->nevents; k++) {
		size_t e = dc->events[k];

		x = draw_count(y, x, (int)dc->w[e], dc->c, dc->w, e, v != NULL ? v[e] : COST_ABSENT,
			       look);
		x = draw_left(y, x, 1, "", look);
	}
	return x;
}

void draw_call_line(int y, int x, int width, const struct columns *c, const struct call_row *r,
		    int look)
{
	char count[NUMFMT_COUNT_MAX + 8], *n = count + 2;
	size_t len;

	/* " (1,315x)" */
	len = columns_format_count(c, n, r->count);
	memcpy(count, " (", 2);
	memcpy(n + strlen(n), "x)", 3);
	x += term_put(y, x, width - x, "=> ", look);
	x += draw_name(y, x, width - x - (int)len - 4, r->other, look);
	x += term_put(y, x, width - x, count, look);
	term_fill(y, x, width - x, look);
}

bool draw_call_matches(const regex_t *re, const struct call_row *r)
{
	char *text = xasprintf("=> %s", r->other->fullname);
	bool found = regexec(re, text, 0, NULL, 0) == 0;

	free(text);
	return found;
}
