#include "report-markdown.h"

#include <stdlib.h>
#include <string.h>

#include "calc-estimate.h"
#include "fmt-markdown.h"
#include "fmt-num.h"
#include "report-gate.h"
#include "xalloc.h"

/* Names longer than this are shortened, as the call graph's labels are. */
#define NAME_MAX 60

static const char legend[] =
	"\u2265: proven lower bound of the cost spent while it runs (recursion: the profile "
	"records no more); \u2248: estimated from the call graph's stacks, what the flame graph "
	"draws";

/* X as a cell shows it: with commas, in the changes form with its sign
 * ("+15,100"); "." when absent. */
static void count_text(char *buf, const struct columns *c, cost_t x)
{
	if (c->changes && x > 0) {
		buf[0] = '+';
		numfmt_grouped(buf + 1, x);
	} else {
		numfmt_grouped(buf, x);
	}
}

/* " (12.34%)" of X against C's summary, or "" (no percentages, nothing
 * to take one of). */
static void percent_text(char *buf, const struct columns *c, size_t event, cost_t x)
{
	double r;
	char num[NUMFMT_PERCENT_MAX];

	buf[0] = '\0';
	if (!c->show_percs || x == COST_ABSENT || x == 0 || c->summary == NULL ||
	    c->summary[event] == COST_ABSENT || c->summary[event] == 0)
		return;
	r = numfmt_ratio100(x, c->summary[event]);
	numfmt_fixed2(num, r < 0 ? -r : r);
	sprintf(buf, " (%s%s%%)", r < 0 ? "-" : c->changes ? "+" : "", num);
}

/* A count and its percentage, after MARK ("≥ ", "≈ " or ""). */
static void print_count(FILE *out, const struct columns *c, size_t event, cost_t x,
			const char *mark)
{
	char count[NUMFMT_COUNT_MAX + 1], pct[NUMFMT_PERCENT_MAX + 8];

	count_text(count, c, x);
	percent_text(pct, c, event, x);
	fprintf(out, "%s%s%s", x == COST_ABSENT ? "" : mark, count, pct);
}

/* F's inclusive cell of EVENT: one number where the profile proves it;
 * for a recursive function whose estimate differs from its bound, both,
 * each marked, bound first.  Returns whether it shows an estimate. */
static bool print_inclusive(FILE *out, const struct columns *c, const struct func *f,
			    size_t event)
{
	cost_t x = f->total != NULL ? f->total[event] : COST_ABSENT;
	cost_t e = f->whole == NULL && f->recursive && f->estimate != NULL
		   ? estimate_of(f, event) : x;

	if (e == x || c->changes) {
		print_count(out, c, event, x, "");
		return false;
	}
	print_count(out, c, event, x, "\u2265 ");
	fputc(' ', out);
	print_count(out, c, event, e, "\u2248 ");
	return true;
}

static void print_header_line(FILE *out, const struct profile *p, const struct options *opt,
			      const struct columns *c, const struct table *t)
{
	const char *cmd = p->cmd;

	/* In a diff, NEW's command: that of its first part. */
	for (size_t i = 0; opt->mode == MODE_DIFF && i < p->nparts; i++)
		if (!p->parts[i].negated) {
			cmd = p->parts[i].cmd;
			break;
		}
	fputs("**cgannotate**: ", out);
	if (opt->mode == MODE_DIFF) {
		md_code(out, opt->profiles[1]);
		fputs(" against ", out);
		md_code(out, opt->profiles[0]);
	} else {
		for (size_t i = 0; i < opt->nprofiles; i++) {
			if (i > 0)
				fputs(" + ", out);
			md_code(out, opt->profiles[i]);
		}
	}
	if (*cmd) {
		fputs(", ", out);
		md_code(out, cmd[0] == ' ' ? cmd + 1 : cmd);
	}
	fputs(" \u2014", out);
	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];
		char a[NUMFMT_COUNT_MAX], b[NUMFMT_COUNT_MAX], pct[NUMFMT_PERCENT_MAX + 8];

		fputs(k > 0 ? " \u00b7 " : " ", out);
		md_code(out, c->events[i].name);
		if (t->diff && t->base != t->summary) {
			numfmt_grouped(a, t->base[i]);
			numfmt_grouped(b, t->base[i] == COST_ABSENT || t->summary[i] == COST_ABSENT
				       ? t->summary[i] : t->base[i] + t->summary[i]);
			percent_text(pct, c, i, t->summary[i]);
			fprintf(out, " %s \u2192 %s%s", a, b, pct);
		} else {
			numfmt_grouped(a, t->summary[i]);
			fprintf(out, " %s", a);
		}
	}
	fputs("\n\n", out);
}

/* What the table shows, in a line. */
static void print_caption(FILE *out, const struct options *opt, const struct columns *c,
			  const struct table *t)
{
	const char *by = opt->both_costs ? "inclusive and self cost"
			 : opt->inclusive ? "inclusive cost" : "self cost";

	if (t->diff)
		fprintf(out, "Functions by the change of their %s, largest first", by);
	else
		fprintf(out, "Functions by %s, most expensive first", by);
	if (t->nshown < t->nrows) {
		fprintf(out, ", the %zu that make %s%% of %s", t->nshown,
			opt->sort_thresholds ? "the --sort thresholds" : opt->threshold,
			t->diff ? "the changes of " : "");
		md_code(out, c->events[c->primary].name);
		fprintf(out, " (%zu more not shown)", t->nrows - t->nshown);
	}
	fputs(":\n\n", out);
}

static void print_table_head(FILE *out, const struct options *opt, const struct columns *c)
{
	size_t ncols = 0;

	fputc('|', out);
	for (size_t k = 0; k < c->nshow; k++) {
		const char *name = c->events[c->show[k]].name;

		fputc(' ', out);
		md_code(out, name);
		if (opt->both_costs) {
			fputs(" incl | ", out);
			md_code(out, name);
			fputs(" self", out);
			ncols++;
		}
		fputs(" |", out);
		ncols++;
	}
	if (opt->both_costs) {
		fputs(" calls |", out);
		ncols++;
	}
	fputs(" function | file |\n|", out);
	for (size_t i = 0; i < ncols; i++)
		fputs("---:|", out);
	fputs("---|---|\n", out);
}

/* One row; returns whether it shows an estimate. */
static bool print_row(FILE *out, const struct profile *p, const struct options *opt,
		      const struct columns *c, const struct func *f)
{
	bool estimate = false;

	fputc('|', out);
	for (size_t k = 0; k < c->nshow; k++) {
		size_t i = c->show[k];

		fputc(' ', out);
		if (opt->inclusive)
			estimate |= print_inclusive(out, c, f, i);
		else
			print_count(out, c, i, f->total != NULL ? f->total[i] : COST_ABSENT, "");
		if (opt->both_costs) {
			fputs(" | ", out);
			print_count(out, c, i, f->self != NULL ? f->self[i] : COST_ABSENT, "");
		}
		fputs(" |", out);
	}
	if (opt->both_costs) {
		char calls[NUMFMT_COUNT_MAX + 1];

		count_text(calls, c, f->whole != NULL ? f->whole->calls : profile_times_called(p, f));
		fprintf(out, " %s |", calls);
	}
	fputc(' ', out);
	md_name(out, f->whole != NULL ? f->fullname : f->key.name, NAME_MAX);
	fputs(" | ", out);
	if (f->whole == NULL)
		md_code(out, f->key.file->name);
	fputs(" |\n", out);
	return estimate;
}

static void print_verdicts(FILE *out, const struct options *opt, const struct gates *g)
{
	fputs("\nGates:\n\n", out);
	for (size_t i = 0; i < g->n; i++) {
		char *line = gate_verdict_line(&g->v[i], opt->min_change);

		fputs(g->v[i].failed ? "- **FAILED**: " : "- passed: ", out);
		md_code(out, line);
		fputc('\n', out);
		free(line);
	}
}

void report_markdown(FILE *out, const struct profile *p, const struct options *opt,
		     const struct columns *c, const struct table *t, const struct gates *g)
{
	bool estimate = false;

	print_header_line(out, p, opt, c, t);
	print_caption(out, opt, c, t);
	print_table_head(out, opt, c);
	for (size_t i = 0; i < t->nshown; i++)
		estimate |= print_row(out, p, opt, c, t->rows[i]);
	if (estimate)
		fprintf(out, "\n%s.\n", legend);
	if (g != NULL && g->n > 0)
		print_verdicts(out, opt, g);
}
