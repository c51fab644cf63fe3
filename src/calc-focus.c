#include "calc-focus.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "calc-inclusive.h"
#include "calc-scc.h"
#include "diag.h"
#include "xalloc.h"

struct patterns {
	regex_t *re;
	char *const *text;
	size_t n;
	const char *option;
};

struct focus {
	struct patterns focus, hide;
};

static const size_t NONE = (size_t)-1;

static void compile(struct patterns *ps, char *const *text, size_t n, const char *option)
{
	ps->re = xcalloc(n ? n : 1, sizeof(*ps->re));
	ps->text = text;
	ps->option = option;
	for (ps->n = 0; ps->n < n; ps->n++)
		options_regcomp(&ps->re[ps->n], text[ps->n], REG_EXTENDED | REG_NOSUB, option);
}

static void release(struct patterns *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		regfree(&ps->re[i]);
	free(ps->re);
}

struct focus *focus_new(const struct options *opt)
{
	struct focus *f;

	if (opt->nfocus == 0 && opt->nhide == 0)
		return NULL;
	f = xcalloc(1, sizeof(*f));
	compile(&f->focus, opt->focus, opt->nfocus, "focus");
	compile(&f->hide, opt->hide, opt->nhide, "hide");
	return f;
}

void focus_free(struct focus *f)
{
	if (f == NULL)
		return;
	release(&f->focus);
	release(&f->hide);
	free(f);
}

/* Which functions' names match one of PS, by index (a new array); with
 * WARN, warn about an expression that matches none. */
static bool *match_names(const struct profile *p, const struct patterns *ps, bool warn_none)
{
	bool *match = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*match));

	for (size_t k = 0; k < ps->n; k++) {
		bool any = false;

		for (size_t i = 0; i < p->nfuncs; i++)
			if (regexec(&ps->re[k], p->func_list[i]->key.name, 0, NULL, 0) == 0)
				match[i] = any = true;
		if (!any && warn_none)
			warn("--%s '%s' matches no function", ps->option, ps->text[k]);
	}
	return match;
}

/* --- hide ---------------------------------------------------------------- */

struct hider {
	struct profile *p;
	struct cycles cy;
	bool *gone;                /* by function index */
	size_t *group;             /* by function index: its hidden component, or NONE */
	uint64_t *weights;         /* nevents rows of callers' weights */
	cost_t *share;             /* one share per caller */
	struct edge **dropped;     /* calls of hidden functions nobody calls */
	size_t ndropped, dropped_cap;
};

static void add_count(const struct profile *p, cost_t *dst, cost_t v)
{
	cost_t d;

	if (v == COST_ABSENT)
		return;
	d = (*dst == COST_ABSENT ? 0 : *dst) + v;
	if (!cost_in_range(d))
		die(EXIT_INPUT, "%s: a cost that --hide gives to a caller does not fit in 64 bits",
		    p->path);
	*dst = d;
}

static void add_self(struct profile *p, struct func *f, const cost_t *v)
{
	if (v == NULL)
		return;
	if (f->self == NULL)
		profile_list_func(p, f);
	for (size_t e = 0; e < p->nevents; e++)
		add_count(p, &f->self[e], v[e]);
}

/* CALLER -> CALLEE gets COST and COUNT more. */
static void add_call(struct profile *p, struct func *caller, struct func *callee,
		     const cost_t *cost, cost_t count)
{
	if (!edge_add(p, profile_edge(p, caller, callee), cost, count))
		die(EXIT_INPUT, "%s: a cost that --hide gives to a caller does not fit in 64 bits",
		    p->path);
}

/* Make the other functions of X's hidden component part of X: their self
 * costs and their calls into and out of the component become X's. */
static void fold_into(struct hider *h, struct func *x, struct func *m)
{
	struct profile *p = h->p;
	size_t c = h->group[x->index];
	cost_t *cost = xmalloc(p->nevents * sizeof(*cost));

	add_self(p, x, m->self);
	for (struct edge *e = m->out; e; e = e->next_out) {
		struct func *w = e->key.callee;

		if (!h->gone[w->index] && h->group[w->index] != c)
			add_call(p, x, w, edge_cost(p, e, cost), edge_count(p, e));
	}
	for (struct edge *e = m->in; e; e = e->next_in) {
		struct func *u = e->key.caller;

		if (!h->gone[u->index] && h->group[u->index] != c)
			add_call(p, u, x, edge_cost(p, e, cost), edge_count(p, e));
	}
	free(cost);
	h->gone[m->index] = true;
}

static uint64_t magnitude(cost_t v)
{
	return v == COST_ABSENT ? 0 : (uint64_t)(v < 0 ? -v : v);
}

/* Weights of the N calls IN to share out event K (K == nevents: call
 * counts): what each call costs, else how often it was made, else equal. */
static void set_weights(const struct profile *p, uint64_t *w, struct edge *const *in, size_t n,
			size_t k)
{
	size_t nevents = p->nevents;
	unsigned __int128 sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += w[i] = magnitude(edge_get(p, in[i], k));
	for (size_t i = 0; i < n && sum == 0; i++)
		sum += w[i] = magnitude(edge_get(p, in[i], k < nevents ? nevents : 0));
	for (size_t i = 0; i < n && sum == 0; i++)
		w[i] = 1;
}

/* The calls into F from functions still there, other than F itself. */
static struct edge **live_calls(const struct hider *h, struct func *f, bool out, size_t *n)
{
	struct edge **list = NULL;
	size_t cap = 0;

	*n = 0;
	for (struct edge *e = out ? f->out : f->in; e; e = out ? e->next_out : e->next_in) {
		struct func *other = out ? e->key.callee : e->key.caller;

		if (other == f || h->gone[other->index])
			continue;
		xgrow(&list, &cap, *n + 1, sizeof(*list));
		list[(*n)++] = e;
	}
	return list;
}

/* Share out X's call to W among X's callers IN (weights set). */
static void share_call(struct hider *h, struct edge *const *in, size_t n, const struct edge *call)
{
	struct profile *p = h->p;
	size_t nev = p->nevents;
	cost_t *cost = xmalloc(n * (nev + 1) * sizeof(*cost));

	for (size_t k = 0; k <= nev; k++) {
		cost_t v = edge_get(p, call, k);

		if (v == COST_ABSENT) {
			for (size_t i = 0; i < n; i++)
				cost[i * (nev + 1) + k] = COST_ABSENT;
			continue;
		}
		cost_apportion(v, h->weights + k * n, n, h->share);
		for (size_t i = 0; i < n; i++)
			cost[i * (nev + 1) + k] = h->share[i];
	}
	for (size_t i = 0; i < n; i++) {
		const cost_t *c = cost + i * (nev + 1);
		bool any = c[nev] != 0;

		for (size_t k = 0; k < nev && !any; k++)
			any = c[k] != COST_ABSENT && c[k] != 0;
		/* A caller whose share is nothing did not make that call. */
		if (any)
			add_call(p, in[i]->key.caller, call->key.callee, c, c[nev]);
	}
	free(cost);
}

/* Give X's self cost and its calls to its callers, and take it out. */
static void eliminate(struct hider *h, struct func *x)
{
	struct profile *p = h->p;
	size_t nin, nout, nev = p->nevents;
	struct edge **in = live_calls(h, x, false, &nin);
	struct edge **out = live_calls(h, x, true, &nout);

	if (nin == 0) {
		/* Nobody to give it to: it keeps its own cost, and its
		 * callees are called from outside the graph. */
		for (size_t j = 0; j < nout; j++) {
			xgrow(&h->dropped, &h->dropped_cap, h->ndropped + 1, sizeof(*h->dropped));
			h->dropped[h->ndropped++] = out[j];
		}
		profile_remove_calls_from(p, x);
		free(in);
		free(out);
		return;
	}
	h->weights = xreallocarray(NULL, (nev + 1) * nin, sizeof(*h->weights));
	h->share = xreallocarray(NULL, nin, sizeof(*h->share));
	for (size_t k = 0; k <= nev; k++)
		set_weights(p, h->weights + k * nin, in, nin, k);
	for (size_t k = 0; k < nev && x->self != NULL; k++) {
		if (x->self[k] == COST_ABSENT)
			continue;
		cost_apportion(x->self[k], h->weights + k * nin, nin, h->share);
		for (size_t i = 0; i < nin; i++) {
			struct func *u = in[i]->key.caller;

			if (u->self == NULL)
				profile_list_func(p, u);
			add_count(p, &u->self[k], h->share[i]);
		}
	}
	for (size_t j = 0; j < nout; j++)
		share_call(h, in, nin, out[j]);
	h->gone[x->index] = true;
	free(h->weights);
	free(h->share);
	free(in);
	free(out);
}

/* The hidden functions' components in the graph of calls among them
 * (code inlined from another file being part of its host): sets
 * H->group and returns the number of components, numbered callees first. */
static size_t hidden_components(struct hider *h, const bool *match)
{
	struct profile *p = h->p;
	size_t n = p->nfuncs, nh = 0, nedges = 0, ncomp;
	size_t *id = xmalloc((n ? n : 1) * sizeof(*id));
	size_t *start, *adj, *comp, *fill;
	bool *hidden = xcalloc(n ? n : 1, sizeof(*hidden));

	for (size_t i = 0; i < n; i++)
		hidden[h->cy.rep[i]] |= match[i];
	for (size_t r = 0; r < n; r++)
		id[r] = hidden[r] && h->cy.rep[r] == r ? nh++ : NONE;
	start = xcalloc(nh + 1, sizeof(*start));
	for (size_t i = 0; i < n; i++) {
		size_t u = id[h->cy.rep[i]];

		if (u == NONE)
			continue;
		for (struct edge *e = p->func_list[i]->out; e; e = e->next_out)
			if (id[h->cy.rep[e->key.callee->index]] != NONE) {
				start[u + 1]++;
				nedges++;
			}
	}
	for (size_t u = 0; u < nh; u++)
		start[u + 1] += start[u];
	adj = xmalloc((nedges ? nedges : 1) * sizeof(*adj));
	fill = xmalloc((nh ? nh : 1) * sizeof(*fill));
	memcpy(fill, start, nh * sizeof(*fill));
	for (size_t i = 0; i < n; i++) {
		size_t u = id[h->cy.rep[i]];

		if (u == NONE)
			continue;
		for (struct edge *e = p->func_list[i]->out; e; e = e->next_out) {
			size_t v = id[h->cy.rep[e->key.callee->index]];

			if (v != NONE)
				adj[fill[u]++] = v;
		}
	}
	comp = xmalloc((nh ? nh : 1) * sizeof(*comp));
	ncomp = scc_find(nh, start, adj, comp);
	for (size_t i = 0; i < n; i++) {
		size_t u = id[h->cy.rep[i]];

		h->group[i] = u == NONE ? NONE : comp[u];
	}
	free(id);
	free(start);
	free(adj);
	free(comp);
	free(fill);
	free(hidden);
	return ncomp;
}

static int by_group(const void *a, const void *b, void *arg)
{
	const size_t *group = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (group[x] != group[y])
		return group[x] < group[y] ? -1 : 1;
	return (x > y) - (x < y);
}

/* Hidden components go callees first: the calls a component gives its
 * callers then only go to functions that stay, so nothing is moved twice
 * and the calls added stay as few as the result needs. */
static void hide(struct profile *p, const struct patterns *ps, bool warn_none)
{
	struct hider h = { .p = p };
	size_t n = p->nfuncs, nhidden = 0;
	bool *match = match_names(p, ps, warn_none);
	size_t *order = xmalloc((n ? n : 1) * sizeof(*order));
	cost_t *cost;

	cycles_find(&h.cy, p);
	h.gone = xcalloc(n ? n : 1, sizeof(*h.gone));
	h.group = xmalloc((n ? n : 1) * sizeof(*h.group));
	hidden_components(&h, match);
	for (size_t i = 0; i < n; i++)
		if (h.group[i] != NONE)
			order[nhidden++] = i;
	qsort_r(order, nhidden, sizeof(*order), by_group, h.group);
	for (size_t a = 0, b; a < nhidden; a = b) {
		struct func *x = p->func_list[order[a]];

		for (b = a; b < nhidden && h.group[order[b]] == h.group[order[a]]; b++)
			if (!x->listed && p->func_list[order[b]]->listed)
				x = p->func_list[order[b]];
		for (size_t k = a; k < b; k++)
			if (p->func_list[order[k]] != x)
				fold_into(&h, x, p->func_list[order[k]]);
		eliminate(&h, x);
	}
	profile_remove_funcs(p, h.gone);
	profile_sum_calls(p);
	/* A call from a hidden function that nobody calls stays in what its
	 * callee was called for: the callee is entered from outside for it. */
	cost = xmalloc(p->nevents * sizeof(*cost));
	for (size_t i = 0; i < h.ndropped; i++) {
		struct func *w = h.dropped[i]->key.callee;

		if (w->called == NULL)
			w->called = cost_new(&p->arena, p->nevents);
		cost_add_checked(w->called, edge_cost(p, h.dropped[i], cost), p->nevents);
	}
	free(cost);
	free(h.dropped);
	cycles_release(&h.cy);
	free(h.gone);
	free(h.group);
	free(order);
	free(match);
}

/* --- focus --------------------------------------------------------------- */

void focus_hide(const struct focus *f, struct profile *p, bool warn_none)
{
	if (f != NULL && f->hide.n > 0)
		hide(p, &f->hide, warn_none);
}

void focus_mark(const struct focus *f, struct profile *p, bool warn_none)
{
	bool *match;

	if (f == NULL || f->focus.n == 0)
		return;
	match = match_names(p, &f->focus, warn_none);
	for (size_t i = 0; i < p->nfuncs; i++)
		p->func_list[i]->focus_match = match[i];
	p->focused = true;
	free(match);
}

/* What the shown stacks give each node and each call between two nodes,
 * for the event they were estimated for. */
struct focused {
	const struct profile *p;
	const struct stacks *s;
	size_t event;
	cost_t *self;              /* by node: the shown stacks ending in it */
	cost_t *incl;              /* by node: the shown stacks through it */
	cost_t *all;               /* by node: all stacks through it */
	struct pair *pairs;        /* calls between two nodes, by (caller, callee) */
	size_t npairs;
};

struct pair {
	size_t from, to;           /* nodes */
	cost_t cost;               /* the shown stacks through the call */
	cost_t recorded;           /* what the calls between their functions cost */
};

static int pair_cmp(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	if (x->from != y->from)
		return (x->from > y->from) - (x->from < y->from);
	return (x->to > y->to) - (x->to < y->to);
}

static struct pair *find_pair(const struct focused *fc, size_t from, size_t to)
{
	struct pair key = { from, to, 0, 0 };

	return bsearch(&key, fc->pairs, fc->npairs, sizeof(key), pair_cmp);
}

static void sum_stacks(struct focused *fc)
{
	const struct stacks *s = fc->s;
	size_t n = fc->p->nfuncs, m = 0;
	cost_t *shown = xcalloc(s->n ? s->n : 1, sizeof(*shown));
	cost_t *width = stacks_widths(s);

	fc->self = xcalloc(n ? n : 1, sizeof(*fc->self));
	fc->incl = xcalloc(n ? n : 1, sizeof(*fc->incl));
	fc->all = xcalloc(n ? n : 1, sizeof(*fc->all));
	for (size_t f = s->n; f-- > 0;) {
		if (s->frames[f].shown)
			shown[f] += s->frames[f].count;
		if (s->frames[f].parent != STACKS_ROOT)
			shown[s->frames[f].parent] += shown[f];
	}
	fc->pairs = xcalloc(s->n ? s->n : 1, sizeof(*fc->pairs));
	for (size_t f = 0; f < s->n; f++) {
		size_t v = s->frames[f].index, up = s->frames[f].parent;

		if (s->frames[f].shown)
			fc->self[v] += s->frames[f].count;
		fc->incl[v] += shown[f];
		fc->all[v] += width[f];
		if (up != STACKS_ROOT && shown[f] != 0)
			fc->pairs[m++] = (struct pair){ s->frames[up].index, v, shown[f], 0 };
	}
	qsort(fc->pairs, m, sizeof(*fc->pairs), pair_cmp);
	fc->npairs = 0;
	for (size_t i = 0; i < m; i++) {
		if (fc->npairs > 0 && pair_cmp(&fc->pairs[fc->npairs - 1], &fc->pairs[i]) == 0)
			fc->pairs[fc->npairs - 1].cost += fc->pairs[i].cost;
		else
			fc->pairs[fc->npairs++] = fc->pairs[i];
	}
	free(shown);
	free(width);
}

/* X * NUM / DEN for a count X and 0 <= NUM <= DEN, rounded to nearest;
 * absent stays absent.  Exact while X * NUM fits in 64 bits; beyond, the
 * estimate it is needs no more than a double's 53 bits. */
static cost_t scaled(cost_t x, cost_t num, cost_t den)
{
	bool neg = x < 0;
	uint64_t m;

	if (x == COST_ABSENT || den == 0)
		return x == COST_ABSENT ? COST_ABSENT : 0;
	if (num >= den || num < 0)
		return x;
	if (x < -COST_MAX || x > COST_MAX)
		return x;
	m = (uint64_t)(neg ? -x : x);
	if (m <= UINT32_MAX && num <= UINT32_MAX) {
		uint64_t q = ((uint64_t)m * (uint64_t)num + (uint64_t)den / 2) / (uint64_t)den;

		return neg ? -(cost_t)q : (cost_t)q;
	}
	/* NUM < DEN: the result is below M. */
	{
		double q = (double)m * ((double)num / (double)den) + 0.5;
		uint64_t r = q >= (double)m ? m : (uint64_t)q;

		return neg ? -(cost_t)r : (cost_t)r;
	}
}

/* V scaled by NUM / DEN, with event EVENT's count exactly EXACT. */
static void scale_vector(cost_t *v, size_t n, cost_t num, cost_t den, size_t event, cost_t exact)
{
	for (size_t k = 0; k < n; k++)
		v[k] = k == event ? (v[k] == COST_ABSENT && exact == 0 ? COST_ABSENT : exact)
				  : scaled(v[k], num, den);
}

static cost_t count_of(const cost_t *v, size_t event)
{
	return v == NULL || v[event] == COST_ABSENT ? 0 : v[event];
}

/* The functions of each node, by node: held[start[v] .. start[v + 1]). */
static void held_functions(const struct profile *p, const size_t *node, size_t **start,
			   size_t **held)
{
	size_t n = p->nfuncs, *fill;

	*start = xcalloc(n + 1, sizeof(**start));
	*held = xcalloc(n ? n : 1, sizeof(**held));
	for (size_t i = 0; i < n; i++)
		(*start)[node[i] + 1]++;
	for (size_t v = 0; v < n; v++)
		(*start)[v + 1] += (*start)[v];
	fill = xcalloc(n ? n : 1, sizeof(*fill));
	memcpy(fill, *start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		(*held)[fill[node[i]]++] = i;
	free(fill);
}

/* Each function's focused self cost: its node's, shared among the
 * functions it holds by their own; and what share of its own cost and of
 * its inclusive cost is left.  Sets GONE for the functions no shown stack
 * goes through. */
static void focus_functions(struct profile *p, const struct focused *fc, const size_t *node,
			    bool *gone)
{
	size_t n = p->nfuncs, *start, *held, ev = fc->event;
	uint64_t *w = xcalloc(n ? n : 1, sizeof(*w));
	cost_t *share = xcalloc(n ? n : 1, sizeof(*share));

	held_functions(p, node, &start, &held);
	for (size_t v = 0; v < n; v++) {
		size_t a = start[v], b = start[v + 1];
		bool any = false;

		for (size_t k = a; k < b; k++) {
			cost_t c = count_of(p->func_list[held[k]]->self, ev);

			w[k - a] = c > 0 ? (uint64_t)c : 0;
			any |= w[k - a] > 0;
		}
		if (a < b && !any)
			w[0] = 1;
		if (a < b)
			cost_apportion(fc->self[v], w, b - a, share);
		for (size_t k = a; k < b; k++) {
			struct func *f = p->func_list[held[k]];
			cost_t was_self = count_of(f->self, ev), was_incl = count_of(f->total, ev);
			cost_t incl = fc->incl[v];

			gone[held[k]] = fc->incl[v] == 0;
			if (gone[held[k]])
				continue;
			if (f->self != NULL) {
				if (was_self > 0)
					scale_vector(f->self, p->nevents, share[k - a], was_self, ev,
						     share[k - a]);
				else
					scale_vector(f->self, p->nevents, fc->incl[v], fc->all[v], ev,
						     share[k - a]);
			}
			/* Inlined code: its self cost and its calls, once they are known. */
			if (f->total != NULL && held[k] == v) {
				f->fixed_total = cost_new(&p->arena, p->nevents);
				memcpy(f->fixed_total, f->total, p->nevents * sizeof(cost_t));
				scale_vector(f->fixed_total, p->nevents, incl,
					     was_incl > 0 ? was_incl : incl, ev, incl);
			}
		}
	}
	free(start);
	free(held);
	free(w);
	free(share);
}

/* Each call's focused cost: the shown stacks through the call between the
 * two nodes, shared among the calls between their functions by their cost;
 * a call inside a node (inlined code calling its host, a function calling
 * itself) keeps the share of its node.  Calls no shown stack goes through
 * are marked in DROP (by edge, in out-list order). */
static void focus_calls(struct profile *p, struct focused *fc, const size_t *node)
{
	size_t ev = fc->event, nev = p->nevents, nedges = 0, k = 0;
	cost_t *cost = xmalloc((nev + 1) * sizeof(*cost));
	struct pair **pairs;
	bool *inside;

	for (size_t i = 0; i < p->nfuncs; i++)
		nedges += p->func_list[i]->nout;
	/* Each edge's pair, found once: the second pass needs it again. */
	pairs = xmalloc((nedges ? nedges : 1) * sizeof(*pairs));
	inside = xmalloc(nedges ? nedges : 1);
	for (size_t i = 0; i < p->nfuncs; i++)
		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out, k++) {
			size_t u = node[i], w = node[e->key.callee->index];

			inside[k] = u == w;
			pairs[k] = u == w ? NULL : find_pair(fc, u, w);
			if (pairs[k] != NULL)
				pairs[k]->recorded += count_of(edge_cost(p, e, cost), ev);
		}
	k = 0;
	for (size_t i = 0; i < p->nfuncs; i++)
		for (struct edge *e = p->func_list[i]->out; e; e = e->next_out, k++) {
			size_t u = node[i];
			const struct pair *pr = pairs[k];
			cost_t was = count_of(edge_cost(p, e, cost), ev), now, num, den;

			if (inside[k]) {
				num = fc->incl[u];
				den = fc->all[u];
				now = scaled(was, num, den);
			} else if (pr == NULL) {
				num = now = 0;
				den = 1;
			} else {
				/* Its share of the calls between the two nodes. */
				now = pr->recorded > 0 ? scaled(pr->cost, was, pr->recorded) : 0;
				num = now;
				den = was;
				if (was == 0) {
					num = fc->incl[u];
					den = fc->all[u];
				}
			}
			if (now == 0 && num == 0) {
				/* No stack kept goes through it: left out. */
				cells_clear(&p->spill, e->cells, nev + 1);
				continue;
			}
			cost[nev] = scaled(edge_count(p, e), num, den);
			/* A call that the stacks kept happened at least once. */
			if (cost[nev] == 0 && now > 0 && edge_count(p, e) > 0)
				cost[nev] = 1;
			scale_vector(cost, nev, num, den, ev, now);
			edge_set(p, e, cost, cost[nev]);
		}
	free(pairs);
	free(inside);
	free(cost);
}

/* Code held by another function's frames (inlined code) is a row that
 * nobody calls: its inclusive cost is its self cost and its calls. */
static void held_totals(struct profile *p, const size_t *node)
{
	cost_t *cost = xmalloc(p->nevents * sizeof(*cost));

	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		if (node[i] == i || f->total == NULL)
			continue;
		f->fixed_total = cost_new(&p->arena, p->nevents);
		if (f->self != NULL)
			cost_add_checked(f->fixed_total, f->self, p->nevents);
		for (const struct edge *e = f->out; e; e = e->next_out)
			cost_add_checked(f->fixed_total, edge_cost(p, e, cost), p->nevents);
	}
	free(cost);
}

static bool call_shown(const struct profile *p, const struct edge *e, void *arg)
{
	size_t ev = *(const size_t *)arg;
	cost_t c = edge_get(p, e, ev);

	return c != COST_ABSENT && c != 0;
}

void focus_apply(struct profile *p, const struct stacks *s, size_t event)
{
	struct focused fc = { .p = p, .s = s, .event = event };
	size_t n = p->nfuncs, nrows;
	bool *gone = xcalloc(n ? n : 1, sizeof(*gone));
	struct func **rows;

	/* The whole program's totals, for a profile that gives none. */
	p->self_total = cost_new(&p->arena, p->nevents);
	for (size_t i = 0; i < n; i++)
		if (p->func_list[i]->self != NULL)
			cost_add_checked(p->self_total, p->func_list[i]->self, p->nevents);
	rows = inclusive_compute(p, true, &nrows);
	free(rows);
	sum_stacks(&fc);
	focus_functions(p, &fc, s->node, gone);
	focus_calls(p, &fc, s->node);
	held_totals(p, s->node);
	profile_filter_calls(p, call_shown, &event);
	profile_remove_funcs(p, gone);
	profile_sum_calls(p);
	p->fixed_totals = true;
	free(gone);
	free(fc.self);
	free(fc.incl);
	free(fc.all);
	free(fc.pairs);
}

/* --- the focus of a difference -------------------------------------------- */

/* OUT = B - A, count by count; absent where both are (a side that has no
 * such vector counts as absent). */
static void subtract(const struct profile *p, cost_t *out, const cost_t *a, const cost_t *b,
		     size_t n)
{
	for (size_t k = 0; k < n; k++) {
		cost_t x = a != NULL ? a[k] : COST_ABSENT, y = b != NULL ? b[k] : COST_ABSENT;

		if (x == COST_ABSENT && y == COST_ABSENT) {
			out[k] = COST_ABSENT;
			continue;
		}
		out[k] = (y == COST_ABSENT ? 0 : y) - (x == COST_ABSENT ? 0 : x);
		if (!cost_in_range(out[k]))
			die(EXIT_INPUT, "%s: a focused change does not fit in 65 bits", p->path);
	}
}

static const struct edge *side_edge(const struct profile *q, const struct func_index *index,
				    const struct edge *e)
{
	const struct func *caller = func_index_find(index, e->key.caller);
	const struct func *callee = func_index_find(index, e->key.callee);

	return caller && callee ? profile_find_edge(q, caller, callee) : NULL;
}

static bool call_present(const struct profile *p, const struct edge *e, void *arg)
{
	(void)arg;
	for (size_t k = 0; k <= p->nevents; k++)
		if (edge_get(p, e, k) != COST_ABSENT)
			return true;
	return false;
}

void focus_subtract(struct profile *p, const struct profile *old, const struct profile *new)
{
	struct func_index *in_old = func_index_new(old), *in_new = func_index_new(new);
	size_t n = p->nfuncs, nev = p->nevents;
	bool *gone = xcalloc(n ? n : 1, sizeof(*gone));
	cost_t *a = xmalloc((nev + 1) * sizeof(*a)), *b = xmalloc((nev + 1) * sizeof(*b));
	cost_t *d = xmalloc((nev + 1) * sizeof(*d));

	for (size_t i = 0; i < n; i++) {
		struct func *f = p->func_list[i];
		const struct func *fo = func_index_find(in_old, f), *fn = func_index_find(in_new, f);

		gone[i] = fo == NULL && fn == NULL;
		if (gone[i])
			continue;
		if (f->self == NULL)
			profile_list_func(p, f);
		subtract(p, f->self, fo ? fo->self : NULL, fn ? fn->self : NULL, nev);
		f->fixed_total = cost_new(&p->arena, nev);
		subtract(p, f->fixed_total, fo ? fo->fixed_total : NULL, fn ? fn->fixed_total : NULL,
			 nev);
		for (struct edge *e = f->out; e; e = e->next_out) {
			const struct edge *eo = side_edge(old, in_old, e), *en = side_edge(new, in_new, e);

			if (eo == NULL && en == NULL) {
				cells_clear(&p->spill, e->cells, nev + 1);
				continue;
			}
			for (size_t k = 0; k <= nev; k++) {
				a[k] = eo ? edge_get(old, eo, k) : COST_ABSENT;
				b[k] = en ? edge_get(new, en, k) : COST_ABSENT;
			}
			subtract(p, d, a, b, nev + 1);
			edge_set(p, e, d, d[nev] == COST_ABSENT ? 0 : d[nev]);
		}
	}
	profile_filter_calls(p, call_present, NULL);
	profile_remove_funcs(p, gone);
	profile_sum_calls(p);
	p->fixed_totals = true;
	func_index_free(in_old);
	func_index_free(in_new);
	free(gone);
	free(a);
	free(b);
	free(d);
}
