#include "report-gate.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-num.h"
#include "fmt-utf8.h"
#include "xalloc.h"

/* "+3.00%", "-1.25%", or "new" for growth from nothing. */
static void growth_text(char *buf, cost_t old, cost_t new)
{
	bool finite;
	double g = gate_growth(old, new, &finite);

	if (!finite) {
		strcpy(buf, new > 0 ? "new" : "gone");
		return;
	}
	buf[0] = g >= 0 ? '+' : '-';
	numfmt_fixed2(buf + 1, g >= 0 ? g : -g);
	strcat(buf, "%");
}

/* The limit as given, without its "%": the PCT of PCT[:FUNCRE]. */
static char *limit_text(const struct gate_spec *s)
{
	size_t n = strspn(s->text, "0123456789.");

	return xstrndup(s->text, n);
}

char *gate_verdict_line(const struct gate_verdict *v, unsigned long long min_change)
{
	char old[NUMFMT_COUNT_MAX], new[NUMFMT_COUNT_MAX], growth[NUMFMT_PERCENT_MAX + 8];
	char floor[NUMFMT_COUNT_MAX];
	char *limit = limit_text(v->spec), *figure, *line, *more;
	const char *mark = v->estimated ? "\u2248 " : "";
	const char *verdict = v->failed ? "FAILED" : "passed";

	numfmt_grouped(old, v->old);
	numfmt_grouped(new, v->new);
	numfmt_grouped(floor, (cost_t)min_change);
	growth_text(growth, v->old, v->new);
	if (v->spec->func_re != NULL && v->nmatched == 0)
		figure = xasprintf("no function of OLD or NEW has a name that matches it");
	else if (v->spec->func_re != NULL && v->what == NULL)
		figure = xasprintf("inclusive costs of %zu function%s: none changed by %s or more",
				   v->nmatched, v->nmatched == 1 ? "" : "s", min_change ? floor : "1");
	else if (v->spec->func_re != NULL) {
		more = v->nmatched > 1 ? xasprintf("; %zu of %zu functions above the limit",
						   v->nabove, v->nmatched) : xstrdup("");
		figure = xasprintf("inclusive cost of %s %s%s (%s%s to %s%s%s%s)", v->what, mark,
				   growth, mark, old, mark, new,
				   v->estimated ? ", estimated: it is in a cycle of calls" : "",
				   more);
		free(more);
	}
	else if (v->nchanged == 0 && v->old != v->new)
		figure = xasprintf("total %s (%s to %s), less than %s events", growth, old, new, floor);
	else
		figure = xasprintf("total %s (%s to %s)", growth, old, new);
	line = v->spec->func_re != NULL && v->nmatched == 0
	       ? xasprintf("gate --fail-above=%s: %s: %s", v->spec->text, figure, verdict)
	       : xasprintf("gate --fail-above=%s: %s %s, limit +%s%%: %s", v->spec->text, v->event,
			   figure, limit, verdict);
	free(figure);
	free(limit);
	return line;
}

int report_gates(const struct gates *g, unsigned long long min_change)
{
	for (size_t i = 0; i < g->n; i++) {
		char *line = gate_verdict_line(&g->v[i], min_change);
		char *clean = utf8_clean(line, "");

		say("%s", clean);
		free(clean);
		free(line);
	}
	return g->failed ? EXIT_GATE : EXIT_OK;
}
