#include "report-columns.h"

#include <string.h>

#include "diag.h"
#include "fmt-num.h"
#include "xalloc.h"

static size_t event_index(const struct profile *p, const char *name, const char *option)
{
	for (size_t i = 0; i < p->nevents; i++)
		if (strcmp(p->events[i].name, name) == 0)
			return i;
	usage_error("--%s event '%s' did not appear in input", option, name);
}

void columns_init(struct columns *c, const struct profile *p, const struct options *opt)
{
	memset(c, 0, sizeof(*c));
	c->events = p->events;
	c->nevents = p->nevents;
	c->show_percs = opt->show_percs;
	c->name_width = opt->name_width;
	c->nshow = opt->nshow ? opt->nshow : p->nevents;
	c->show = xmalloc(c->nshow * sizeof(*c->show));
	for (size_t i = 0; i < c->nshow; i++)
		c->show[i] = opt->nshow ? event_index(p, opt->show[i], "show") : i;
	c->nsort = opt->nsort ? opt->nsort : p->nevents;
	c->sort = xmalloc(c->nsort * sizeof(*c->sort));
	for (size_t i = 0; i < c->nsort; i++)
		c->sort[i] = opt->nsort ? event_index(p, opt->sort[i].event, "sort") : i;
	c->primary = opt->nsort ? c->sort[0] : c->show[0];
}

void columns_release(struct columns *c)
{
	free(c->show);
	free(c->sort);
	memset(c, 0, sizeof(*c));
}

size_t *columns_widths_new(const struct columns *c)
{
	size_t n = c->nevents;
	size_t *w = xcalloc(3 * (n ? n : 1), sizeof(*w));

	for (size_t i = 0; i < n; i++) {
		w[i] = strlen(c->events[i].name);
		w[2 * n + i] = c->show_percs ? 9 : 0;   /* " (12.34%)", or blank */
	}
	return w;
}

/* The percentage of X (present, not 0) of EVENT in the changes form,
 * " (-31.87%)" or " (+5.10%)", its number right-aligned in WIDTH - 4 characters.
 * Returns the length. */
static size_t change_percent(char *buf, const struct columns *c, size_t width, size_t event,
			     cost_t x)
{
	char num[NUMFMT_PERCENT_MAX + 1];
	double ratio = numfmt_ratio100(x, c->summary[event]);
	size_t len = 0, pad;

	/* Growth is written "+", as every view writes it. */
	if (ratio > 0)
		num[len++] = '+';
	len += numfmt_fixed2(num + len, ratio);
	pad = width > len + 4 ? width - len - 4 : 0;

	memcpy(buf, " (", 2);
	memset(buf + 2, ' ', pad);
	memcpy(buf + 2 + pad, num, len);
	memcpy(buf + 2 + pad + len, "%)", 2);
	return 2 + pad + len + 2;
}

static size_t max_size(size_t a, size_t b)
{
	return a > b ? a : b;
}

void columns_widen(const struct columns *c, size_t *widths, const cost_t *v)
{
	size_t n = c->nevents;

	for (size_t i = 0; i < n; i++) {
		char buf[NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX];
		size_t w;

		if (v[i] == COST_ABSENT)
			continue;
		if (c->changes) {
			widths[n + i] = max_size(widths[n + i], numfmt_signed(buf, v[i]));
			if (c->show_percs && v[i] != 0)
				widths[2 * n + i] = max_size(widths[2 * n + i],
							     change_percent(buf, c, 0, i, v[i]));
			w = widths[n + i] + widths[2 * n + i];
		} else {
			w = numfmt_count_width(v[i]) + (c->show_percs ? 9 : 0);
		}
		if (w > widths[i])
			widths[i] = w;
	}
}

void columns_print_events(FILE *out, const struct columns *c, const size_t *widths)
{
	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];

		fprintf(out, "%-*s ", (int)widths[i], c->events[i].name);
	}
}

size_t columns_cell_text(char *text, const struct columns *c, const size_t *widths, size_t event,
			 cost_t x)
{
	size_t pw = widths[2 * c->nevents + event];
	size_t len;

	if (!c->changes) {
		len = numfmt_count(text, x);
		if (!c->show_percs)
			return len;
		if (x != COST_ABSENT && x != 0)
			return len + numfmt_percent(text + len, numfmt_ratio100(x, c->summary[event]));
		memset(text + len, ' ', 9);
		return len + 9;
	}
	len = numfmt_signed(text, x);
	if (!c->show_percs)
		return len;
	if (x != COST_ABSENT && x != 0)
		return len + change_percent(text + len, c, pw, event, x);
	/* Blank where the others have a percentage: the counts line up. */
	memset(text + len, ' ', pw);
	return len + pw;
}

void columns_print_count(FILE *out, const struct columns *c, const size_t *widths, size_t event,
			 cost_t x)
{
	/* "%*s " of the count and its share, made here: the tables print
	 * one for every event of every row, and printf's parsing of its
	 * format costs more than the rest.  A percentage of the changes
	 * form is at most 4 + NUMFMT_PERCENT_MAX wide (change_percent). */
	char cell[2 * (NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX + 4) + 1];
	char text[NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX + 4];
	size_t width = widths[event];
	size_t len = columns_cell_text(text, c, widths, event, x), pad;

	text[len] = '\0';
	pad = width > len ? width - len : 0;
	if (pad + len + 1 > sizeof(cell)) {
		fprintf(out, "%*s ", (int)width, text);
		return;
	}
	memset(cell, ' ', pad);
	memcpy(cell + pad, text, len);
	cell[pad + len] = ' ';
	fwrite(cell, 1, pad + len + 1, out);
}

void columns_print_cost(FILE *out, const struct columns *c, const size_t *widths, const cost_t *v)
{
	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];

		columns_print_count(out, c, widths, i, v ? v[i] : COST_ABSENT);
	}
}

size_t columns_format_count(const struct columns *c, char *buf, cost_t n)
{
	if (!c->changes)
		return numfmt_count(buf, n);
	if (n == 0) {
		memcpy(buf, "\xc2\xb1" "0", 4);   /* U+00B1 PLUS-MINUS SIGN */
		return 2;
	}
	return numfmt_signed(buf, n);
}
