#include "report-columns.h"

#include <string.h>

#include "diag.h"
#include "fmt-num.h"

static size_t event_index(const struct profile *p, const char *name, const char *option)
{
	for (size_t i = 0; i < p->nevents; i++)
		if (strcmp(p->events[i].name, name) == 0)
			return i;
	die(EXIT_USAGE, "--%s event '%s' did not appear in input", option, name);
}

void columns_init(struct columns *c, const struct profile *p, const struct options *opt)
{
	memset(c, 0, sizeof(*c));
	c->events = p->events;
	c->nevents = p->nevents;
	c->show_percs = opt->show_percs;
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
	size_t *w = xmalloc(c->nevents * sizeof(*w));

	for (size_t i = 0; i < c->nevents; i++)
		w[i] = strlen(c->events[i].name);
	return w;
}

void columns_widen(const struct columns *c, size_t *widths, const cost_t *v)
{
	for (size_t i = 0; i < c->nevents; i++) {
		size_t w;

		if (v[i] == COST_ABSENT)
			continue;
		w = numfmt_count_width(v[i]) + (c->show_percs ? 9 : 0);
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

void columns_print_count(FILE *out, const struct columns *c, size_t width, size_t event,
			 cost_t x)
{
	/* "%*s " of the count and its share, made here: the tables print
	 * one for every event of every row, and printf's parsing of its
	 * format costs more than the rest. */
	char cell[2 * (NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX) + 1];
	char text[NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX];
	size_t len = numfmt_count(text, x), pad;

	if (c->show_percs) {
		if (x != COST_ABSENT && x != 0) {
			len += numfmt_percent(text + len, numfmt_ratio100(x, c->summary[event]));
		} else {
			memset(text + len, ' ', 9);
			len += 9;
		}
	}
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

		columns_print_count(out, c, widths[i], i, v ? v[i] : COST_ABSENT);
	}
}
