#include "calc-gate.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "calc-estimate.h"
#include "calc-table.h"
#include "xalloc.h"

/* A function gated, by name: OLD's and NEW's of that file:function. */
struct gated {
	const char *fullname;
	const struct func *side[2];
};

static int gated_cmp(const void *a, const void *b)
{
	const struct gated *x = a, *y = b;

	return strcmp(x->fullname, y->fullname);
}

static bool matches(const regex_t *re, const struct func *f)
{
	return f->whole == NULL && regexec(re, f->key.name, 0, NULL, 0) == 0;
}

bool gates_need_estimates(const struct options *opt, const struct profile *p)
{
	bool need = false;

	for (size_t g = 0; g < opt->ngates && !need; g++) {
		regex_t re;

		if (opt->gates[g].func_re == NULL)
			continue;
		options_regcomp(&re, opt->gates[g].func_re, REG_EXTENDED | REG_NOSUB, "fail-above");
		for (size_t i = 0; i < p->nfuncs && !need; i++)
			need = p->func_list[i]->recursive && matches(&re, p->func_list[i]);
		regfree(&re);
	}
	return need;
}

double gate_growth(cost_t old, cost_t new, bool *finite)
{
	*finite = old != 0 || new == 0;
	if (old == 0)
		return new == 0 ? 0 : new > 0 ? 1e300 : -1e300;
	return (double)(new - old) * 100.0 / (double)(old < 0 ? -old : old);
}

/* F's figure of EVENT: its inclusive cost, or for a recursive function
 * its estimate (*ESTIMATED set).  0 for a function its side lacks. */
static cost_t figure(const struct func *f, size_t event, bool *estimated)
{
	cost_t v;

	if (f == NULL)
		return 0;
	if (f->recursive) {
		*estimated = true;
		v = estimate_of(f, event);
	} else {
		v = f->total != NULL ? f->total[event] : COST_ABSENT;
	}
	return v == COST_ABSENT ? 0 : v;
}

static cost_t total_of(const struct profile *p, size_t event)
{
	cost_t t = table_program_total(p, event);

	return t == COST_ABSENT ? 0 : t;
}

/* Whether OLD to NEW is growth beyond the limit of V's gate, at least
 * MIN_CHANGE in size; *CHANGED tells whether it was that large. */
static bool above(const struct gate_verdict *v, cost_t old, cost_t new,
		  unsigned long long min_change, bool *changed)
{
	cost_t d = new - old;
	bool finite;
	double g = gate_growth(old, new, &finite);

	*changed = (d < 0 ? -d : d) >= (cost_t)min_change && d != 0;
	return *changed && d > 0 && (!finite || g > v->spec->pct);
}

/* The functions of OLD and NEW whose names RE matches, by file:function:
 * a new array of *N. */
static struct gated *match(const regex_t *re, const struct profile *old,
			   const struct profile *new, size_t *n)
{
	const struct profile *sides[2] = { old, new };
	struct gated *v = NULL, *out;
	size_t m = 0, cap = 0, k = 0;

	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < sides[s]->nfuncs; i++) {
			const struct func *f = sides[s]->func_list[i];

			if (!matches(re, f) || f->total == NULL)
				continue;
			xgrow(&v, &cap, m + 1, sizeof(*v));
			v[m] = (struct gated){ f->fullname, { NULL, NULL } };
			v[m++].side[s] = f;
		}
	if (m > 1)
		qsort(v, m, sizeof(*v), gated_cmp);
	out = xcalloc(m + 1, sizeof(*out));
	for (size_t i = 0; i < m; i++) {
		if (k > 0 && strcmp(out[k - 1].fullname, v[i].fullname) == 0) {
			for (int s = 0; s < 2; s++)
				if (v[i].side[s] != NULL)
					out[k - 1].side[s] = v[i].side[s];
			continue;
		}
		out[k++] = v[i];
	}
	free(v);
	*n = k;
	return out;
}

/* Whether growth A (OLD, NEW) is larger than B's. */
static bool grew_more(cost_t aold, cost_t anew, cost_t bold, cost_t bnew)
{
	bool af, bf;
	double a = gate_growth(aold, anew, &af), b = gate_growth(bold, bnew, &bf);

	if (a != b)
		return a > b;
	return anew - aold > bnew - bold;
}

static void judge_functions(struct gate_verdict *v, const struct options *opt,
			    const struct profile *old, const struct profile *new, size_t event)
{
	regex_t re;
	size_t n;
	struct gated *fs;
	bool best = false;

	options_regcomp(&re, v->spec->func_re, REG_EXTENDED | REG_NOSUB, "fail-above");
	fs = match(&re, old, new, &n);
	regfree(&re);
	v->nmatched = n;
	for (size_t i = 0; i < n; i++) {
		bool est = false, changed;
		cost_t a = figure(fs[i].side[0], event, &est), b = figure(fs[i].side[1], event, &est);

		v->nabove += above(v, a, b, opt->min_change, &changed);
		v->nchanged += changed;
		if (changed && (!best || grew_more(a, b, v->old, v->new))) {
			best = true;
			free(v->what);
			v->what = xstrdup(fs[i].fullname);
			v->old = a;
			v->new = b;
			v->estimated = est;
		}
	}
	v->failed = n == 0 || v->nabove > 0;
	free(fs);
}

void gates_judge(struct gates *g, const struct options *opt, const struct profile *old,
		 const struct profile *new, size_t event)
{
	g->n = opt->ngates;
	g->v = xcalloc(g->n + 1, sizeof(*g->v));
	g->failed = false;
	for (size_t i = 0; i < g->n; i++) {
		struct gate_verdict *v = &g->v[i];
		bool changed;

		v->spec = &opt->gates[i];
		v->event = xstrdup(new->events[event].name);
		if (v->spec->func_re != NULL) {
			judge_functions(v, opt, old, new, event);
		} else {
			v->old = total_of(old, event);
			v->new = total_of(new, event);
			v->failed = above(v, v->old, v->new, opt->min_change, &changed);
			v->nchanged = changed;
		}
		g->failed |= v->failed;
	}
}

void gates_release(struct gates *g)
{
	for (size_t i = 0; i < g->n; i++) {
		free(g->v[i].event);
		free(g->v[i].what);
	}
	free(g->v);
	memset(g, 0, sizeof(*g));
}
