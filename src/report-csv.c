#include "report-csv.h"

#include <stdlib.h>
#include <string.h>

#include "calc-estimate.h"
#include "calc-inclusive.h"
#include "fmt-num.h"
#include "fmt-utf8.h"
#include "xalloc.h"

void csv_field(FILE *out, const char *s)
{
	char *clean = utf8_clean(s != NULL ? s : "", "");
	size_t len = strlen(clean);
	bool quote = strpbrk(clean, ",\"") != NULL ||
		     (len > 0 && (clean[0] == ' ' || clean[len - 1] == ' '));

	if (quote)
		fputc('"', out);
	for (const char *p = clean; *p; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	if (quote)
		fputc('"', out);
	free(clean);
}

void csv_count(FILE *out, cost_t x)
{
	char buf[NUMFMT_COUNT_MAX];

	fputc(',', out);
	if (x == COST_ABSENT)
		return;
	numfmt_decimal(buf, x);
	fputs(buf, out);
}

/* Largest first by the figures of the sort events (in a diff, by their
 * size), then by name: the order does not depend on the input's. */
struct csv_order {
	const struct columns *c;
	bool by_self, magnitude;
};

static cost_t key(const struct csv_order *o, const struct func *f, size_t k)
{
	const cost_t *v = o->by_self ? f->self : f->total;
	cost_t x = v != NULL ? v[o->c->sort[k]] : COST_ABSENT;

	if (x == COST_ABSENT)
		return -1;
	return o->magnitude && x < 0 ? -x : x;
}

static int func_cmp(const void *a, const void *b, void *arg)
{
	const struct func *f = *(const struct func *const *)a;
	const struct func *g = *(const struct func *const *)b;
	const struct csv_order *o = arg;

	for (size_t k = 0; k < o->c->nsort; k++) {
		cost_t x = key(o, f, k), y = key(o, g, k);

		if (x != y)
			return x > y ? -1 : 1;
	}
	return strcmp(f->fullname, g->fullname);
}

void report_csv(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c)
{
	size_t n, m = 0;
	struct func **funcs = inclusive_compute(p, true, &n);
	struct csv_order o = { c, !opt->inclusive, profile_is_diff(p) };

	fputs("file,function,object", out);
	for (size_t k = 0; k < c->nshow; k++)
		for (int col = 0; col < 3; col++) {
			char *name = xasprintf("%s %s", c->events[c->show[k]].name,
					       col == 0 ? "self" : col == 1 ? "inclusive" : "estimate");

			fputc(',', out);
			csv_field(out, name);
			free(name);
		}
	fputs(",calls,cycle\r\n", out);
	/* Functions, not the rows of cycles. */
	for (size_t i = 0; i < n; i++)
		if (funcs[i]->whole == NULL)
			funcs[m++] = funcs[i];
	qsort_r(funcs, m, sizeof(*funcs), func_cmp, &o);
	for (size_t i = 0; i < m; i++) {
		const struct func *f = funcs[i];
		char buf[NUMFMT_COUNT_MAX];

		csv_field(out, f->key.file->name);
		fputc(',', out);
		csv_field(out, f->key.name);
		fputc(',', out);
		csv_field(out, f->object);
		for (size_t k = 0; k < c->nshow; k++) {
			size_t e = c->show[k];

			csv_count(out, f->self != NULL ? f->self[e] : COST_ABSENT);
			csv_count(out, f->total != NULL ? f->total[e] : COST_ABSENT);
			csv_count(out, estimate_of(f, e));
		}
		numfmt_decimal(buf, profile_times_called(p, f));
		fprintf(out, ",%s,", buf);
		if (f->cycle != NULL)
			fprintf(out, "%zu", f->cycle->id);
		fputs("\r\n", out);
	}
	free(funcs);
}
