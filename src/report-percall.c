#include "report-percall.h"

#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "xalloc.h"

static const char *const suffix[2] = { " self/call", " incl/call" };

static size_t cell(char *buf, const struct table *t, const struct func *f, size_t event, int incl)
{
	cost_t v, n;

	percall_of(t->per_call, f, event, incl, &v, &n);
	return numfmt_per_call_text(buf, v, n);
}

void percall_columns_init(struct percall_columns *w, const struct columns *c,
			  const struct table *t)
{
	char buf[NUMFMT_COUNT_MAX];

	w->width = xcalloc(2 * (c->nshow ? c->nshow : 1), sizeof(*w->width));
	for (size_t k = 0; k < 2 * c->nshow; k++)
		w->width[k] = strlen(c->events[c->show[k / 2]].name) + strlen(suffix[k % 2]);
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t k = 0; k < 2 * c->nshow; k++) {
			size_t len = cell(buf, t, t->rows[r], c->show[k / 2], (int)(k % 2));

			if (len > w->width[k])
				w->width[k] = len;
		}
}

void percall_columns_release(struct percall_columns *w)
{
	free(w->width);
	w->width = NULL;
}

void percall_print_header(FILE *out, const struct columns *c, const struct percall_columns *w)
{
	for (size_t k = 0; k < 2 * c->nshow; k++) {
		const char *name = c->events[c->show[k / 2]].name;

		fprintf(out, "%s%-*s ", name, (int)(w->width[k] - strlen(name)), suffix[k % 2]);
	}
}

void percall_print_cells(FILE *out, const struct columns *c, const struct percall_columns *w,
			 const struct table *t, const struct func *f)
{
	char buf[NUMFMT_COUNT_MAX] = "";

	for (size_t k = 0; k < 2 * c->nshow; k++) {
		if (f != NULL)
			cell(buf, t, f, c->show[k / 2], (int)(k % 2));
		fprintf(out, "%*s ", (int)w->width[k], buf);
	}
}
