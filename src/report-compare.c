#include "report-compare.h"

#include <stdlib.h>
#include <string.h>

#include "fmt-json.h"
#include "fmt-markdown.h"
#include "fmt-num.h"
#include "fmt-utf8.h"
#include "report-csv.h"
#include "report-text.h"
#include "xalloc.h"

/* The change of X against the reference's B as a share of B: "+3.00%",
 * "new" (from nothing), "" (no change). */
static void change_text(char *buf, cost_t b, cost_t x)
{
	char num[NUMFMT_PERCENT_MAX];
	double r;

	buf[0] = '\0';
	if (x == b)
		return;
	if (b == 0) {
		if (x != 0)
			strcpy(buf, "new");
		return;
	}
	r = numfmt_ratio100(x - b, b < 0 ? -b : b);
	numfmt_fixed2(num, r < 0 ? -r : r);
	sprintf(buf, "%s%s%%", r < 0 ? "-" : "+", num);
}

/* A cell: the figure of profile J ("." where it has none) and, but for
 * the reference, its change in parentheses.  Returns its length in
 * characters. */
static size_t cell_text(char *buf, const struct comparison *cmp, const cost_t *v, cost_t base,
			size_t j, size_t event)
{
	cost_t x = v != NULL ? v[event] : COST_ABSENT;
	char change[NUMFMT_PERCENT_MAX + 4];
	size_t len = numfmt_count(buf, x);

	if (j != cmp->base) {
		change_text(change, base, x == COST_ABSENT ? 0 : x);
		if (*change)
			len += (size_t)sprintf(buf + len, " (%s)", change);
	}
	return len;
}

/* The figures of ROW (NULL: the program totals), by profile. */
static const cost_t *figures(const struct comparison *cmp, const struct compare_row *row,
			     size_t j)
{
	return row != NULL ? row->v[j] : cmp->totals[j];
}

static cost_t base_of(const struct comparison *cmp, const struct compare_row *row, size_t e)
{
	const cost_t *v = figures(cmp, row, cmp->base);

	return v == NULL || v[e] == COST_ABSENT ? 0 : v[e];
}

#define CELL_MAX (NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX + 8)

/* --- text ------------------------------------------------------------ */

static void text_cells(FILE *out, const struct comparison *cmp, const struct columns *c,
		       const size_t *w, const struct compare_row *row)
{
	char cell[CELL_MAX];

	for (size_t k = 0; k < c->nshow; k++)
		for (size_t j = 0; j < cmp->n; j++) {
			size_t e = c->show[k];

			cell_text(cell, cmp, figures(cmp, row, j), base_of(cmp, row, e), j, e);
			fprintf(out, "%*s ", (int)w[k * cmp->n + j], cell);
		}
}

static void text_heads(FILE *out, const struct comparison *cmp, const struct columns *c,
		       const size_t *w)
{
	for (size_t k = 0; k < c->nshow; k++)
		for (size_t j = 0; j < cmp->n; j++) {
			char *head = xasprintf("%s[%zu]", c->events[c->show[k]].name, j + 1);

			fprintf(out, "%-*s ", (int)w[k * cmp->n + j], head);
			free(head);
		}
}

static void report_text(FILE *out, const struct comparison *cmp, const struct options *opt,
			const struct columns *c)
{
	size_t *w = xcalloc(c->nshow * cmp->n + 1, sizeof(*w));
	char cell[CELL_MAX];

	for (size_t k = 0; k < c->nshow; k++)
		for (size_t j = 0; j < cmp->n; j++) {
			size_t e = c->show[k], *wk = &w[k * cmp->n + j];

			*wk = strlen(c->events[e].name) + 2 + (j + 1 >= 10 ? 2 : 1);
			for (size_t i = 0; i <= cmp->nshown; i++) {
				const struct compare_row *r = i < cmp->nshown ? &cmp->rows[i] : NULL;
				size_t len = cell_text(cell, cmp, figures(cmp, r, j),
						       base_of(cmp, r, e), j, e);

				if (len > *wk)
					*wk = len;
			}
		}
	report_rule(out);
	fprintf(out, "Profiles compared, each against profile %zu:\n", cmp->base + 1);
	for (size_t j = 0; j < cmp->n; j++) {
		const char *cmd = cmp->p[j]->cmd;
		char *clean = utf8_clean(*cmd == ' ' ? cmd + 1 : cmd, "");

		fprintf(out, "  %zu  %s%s%s\n", j + 1, opt->profiles[j], *clean ? "  " : "", clean);
		free(clean);
	}
	fputs("Events shown:    ", out);
	for (size_t k = 0; k < c->nshow; k++)
		fprintf(out, " %s", c->events[c->show[k]].name);
	fprintf(out, "\nEvent sort order: %s (the largest change)\n", c->events[c->primary].name);
	fprintf(out, "Threshold:        %s (of all changes)\n", opt->threshold);
	report_rule(out);
	text_heads(out, cmp, c, w);
	fputc('\n', out);
	report_rule(out);
	text_cells(out, cmp, c, w, NULL);
	fputs(" PROGRAM TOTALS\n\n", out);
	report_rule(out);
	text_heads(out, cmp, c, w);
	fputs(" file:function\n", out);
	report_rule(out);
	for (size_t i = 0; i < cmp->nshown; i++) {
		const struct compare_row *r = &cmp->rows[i];
		char *name = utf8_clean(r->fullname, "");

		text_cells(out, cmp, c, w, r);
		fprintf(out, " %s", name);
		if (r->object != NULL && *r->object)
			fprintf(out, " [%s]", r->object);
		fputc('\n', out);
		free(name);
	}
	free(w);
}

/* --- JSON ------------------------------------------------------------ */

/* By profile, each figure of V less the reference's. */
static void json_changes(struct json *j, const struct comparison *cmp,
			 const struct compare_row *row, size_t nev)
{
	json_begin_array(j);
	for (size_t p = 0; p < cmp->n; p++) {
		json_begin_inline_array(j);
		for (size_t e = 0; e < nev; e++) {
			const cost_t *v = figures(cmp, row, p);

			json_int(j, (v == NULL || v[e] == COST_ABSENT ? 0 : v[e]) - base_of(cmp, row, e));
		}
		json_end_array(j);
	}
	json_end_array(j);
}

static void report_json_compare(FILE *out, const struct comparison *cmp,
				const struct options *opt, const struct columns *c)
{
	struct json j;
	size_t nev = c->nevents;

	json_init(&j, out);
	json_begin_object(&j);
	json_key(&j, "format");
	json_string(&j, "callgrind");
	json_key(&j, "mode");
	json_string(&j, "compare");
	json_key(&j, "inputs");
	json_begin_array(&j);
	for (size_t p = 0; p < cmp->n; p++)
		json_string(&j, opt->profiles[p]);
	json_end_array(&j);
	json_key(&j, "reference");
	json_uint(&j, cmp->base);
	json_key(&j, "commands");
	json_begin_array(&j);
	for (size_t p = 0; p < cmp->n; p++)
		json_string(&j, *cmp->p[p]->cmd ? cmp->p[p]->cmd : NULL);
	json_end_array(&j);
	json_key(&j, "events");
	json_begin_array(&j);
	for (size_t e = 0; e < nev; e++)
		json_string(&j, c->events[e].name);
	json_end_array(&j);
	json_key(&j, "inclusive");
	json_bool(&j, opt->inclusive);
	json_key(&j, "totals");
	json_begin_array(&j);
	for (size_t p = 0; p < cmp->n; p++)
		json_cost(&j, cmp->totals[p], nev);
	json_end_array(&j);
	json_key(&j, "functions");
	json_begin_array(&j);
	for (size_t i = 0; i < cmp->nrows; i++) {
		const struct compare_row *r = &cmp->rows[i];

		json_begin_object(&j);
		json_key(&j, "file");
		json_string(&j, r->file);
		json_key(&j, "function");
		json_string(&j, r->name);
		json_key(&j, "object");
		json_string(&j, r->object != NULL && *r->object ? r->object : NULL);
		json_key(&j, "values");
		json_begin_array(&j);
		for (size_t p = 0; p < cmp->n; p++)
			json_cost(&j, r->v[p], nev);
		json_end_array(&j);
		json_key(&j, "changes");
		json_changes(&j, cmp, r, nev);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	json_finish(&j);
}

/* --- CSV ------------------------------------------------------------- */

static void report_csv_compare(FILE *out, const struct comparison *cmp,
			       const struct columns *c)
{
	fputs("file,function,object", out);
	for (size_t k = 0; k < c->nshow; k++)
		for (size_t p = 0; p < cmp->n; p++) {
			char *head = xasprintf("%s [%zu]", c->events[c->show[k]].name, p + 1);

			fputc(',', out);
			csv_field(out, head);
			free(head);
			if (p == cmp->base)
				continue;
			head = xasprintf("%s [%zu] change", c->events[c->show[k]].name, p + 1);
			fputc(',', out);
			csv_field(out, head);
			free(head);
		}
	fputs("\r\n", out);
	for (size_t i = 0; i < cmp->nrows; i++) {
		const struct compare_row *r = &cmp->rows[i];

		csv_field(out, r->file);
		fputc(',', out);
		csv_field(out, r->name);
		fputc(',', out);
		csv_field(out, r->object);
		for (size_t k = 0; k < c->nshow; k++)
			for (size_t p = 0; p < cmp->n; p++) {
				size_t e = c->show[k];

				csv_count(out, r->v[p] != NULL ? r->v[p][e] : COST_ABSENT);
				if (p != cmp->base)
					csv_count(out, compare_value(r, p, e) - base_of(cmp, r, e));
			}
		fputs("\r\n", out);
	}
}

/* --- Markdown -------------------------------------------------------- */

static void md_cells(FILE *out, const struct comparison *cmp, const struct columns *c,
		     const struct compare_row *row)
{
	char cell[CELL_MAX];

	for (size_t k = 0; k < c->nshow; k++)
		for (size_t p = 0; p < cmp->n; p++) {
			size_t e = c->show[k];

			cell_text(cell, cmp, figures(cmp, row, p), base_of(cmp, row, e), p, e);
			fprintf(out, " %s |", cell);
		}
}

static void report_markdown_compare(FILE *out, const struct comparison *cmp,
				    const struct options *opt, const struct columns *c)
{
	fputs("**cgannotate**: ", out);
	for (size_t p = 0; p < cmp->n; p++) {
		fprintf(out, "%s[%zu] ", p > 0 ? ", " : "", p + 1);
		md_code(out, opt->profiles[p]);
	}
	fprintf(out, " against [%zu]; %s cost, largest change first\n\n", cmp->base + 1,
		opt->inclusive ? "inclusive" : "self");
	fputc('|', out);
	for (size_t k = 0; k < c->nshow; k++)
		for (size_t p = 0; p < cmp->n; p++) {
			fputc(' ', out);
			md_code(out, c->events[c->show[k]].name);
			fprintf(out, " [%zu] |", p + 1);
		}
	fputs(" function | file |\n|", out);
	for (size_t i = 0; i < c->nshow * cmp->n; i++)
		fputs("---:|", out);
	fputs("---|---|\n|", out);
	md_cells(out, cmp, c, NULL);
	fputs(" **total** | |\n", out);
	for (size_t i = 0; i < cmp->nshown; i++) {
		fputc('|', out);
		md_cells(out, cmp, c, &cmp->rows[i]);
		fputc(' ', out);
		md_name(out, cmp->rows[i].name, 60);
		fputs(" | ", out);
		md_code(out, cmp->rows[i].file);
		fputs(" |\n", out);
	}
	if (cmp->nshown < cmp->nrows)
		fprintf(out, "\n%zu more functions with smaller changes are not shown.\n",
			cmp->nrows - cmp->nshown);
}

static void csv_writer(FILE *out, const struct comparison *cmp, const struct options *opt,
		       const struct columns *c)
{
	(void)opt;
	report_csv_compare(out, cmp, c);
}

static const struct {
	enum output_format format;
	void (*write)(FILE *, const struct comparison *, const struct options *,
		      const struct columns *);
} writers[] = {
	{ FORMAT_TEXT, report_text },
	{ FORMAT_JSON, report_json_compare },
	{ FORMAT_CSV, csv_writer },
	{ FORMAT_MARKDOWN, report_markdown_compare },
};

void report_compare(FILE *out, const struct comparison *cmp, const struct options *opt,
		    const struct columns *c)
{
	for (size_t i = 0; i < sizeof(writers) / sizeof(writers[0]); i++)
		if (writers[i].format == opt->format)
			writers[i].write(out, cmp, opt, c);
}
