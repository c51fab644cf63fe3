#include "calc-focus.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
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
	for (ps->n = 0; ps->n < n; ps->n++) {
		int err = regcomp(&ps->re[ps->n], text[ps->n], REG_EXTENDED | REG_NOSUB);

		if (err != 0) {
			char why[256];

			regerror(err, &ps->re[ps->n], why, sizeof(why));
			die(EXIT_USAGE, "invalid --%s '%s': %s", option, text[ps->n], why);
		}
	}
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

/* Which functions' names match one of PS, by index (a new array). */
static bool *match_names(const struct profile *p, const struct patterns *ps)
{
	bool *match = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*match));

	for (size_t k = 0; k < ps->n; k++) {
		bool any = false;

		for (size_t i = 0; i < p->nfuncs; i++)
			if (regexec(&ps->re[k], p->func_list[i]->key.name, 0, NULL, 0) == 0)
				match[i] = any = true;
		if (!any)
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
static void hide(struct profile *p, const struct patterns *ps)
{
	struct hider h = { .p = p };
	size_t n = p->nfuncs, nhidden = 0;
	bool *match = match_names(p, ps);
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

/* Mark in SEEN (by representative) every function reachable from the
 * marked ones through calls (OUT) or callers (!OUT); MEMBERS lists each
 * representative's functions from START[r]. */
static void reach(const struct profile *p, const size_t *rep, const size_t *start,
		  const size_t *members, bool *seen, bool out)
{
	size_t n = p->nfuncs, head = 0, tail = 0;
	size_t *queue = xmalloc((n ? n : 1) * sizeof(*queue));

	for (size_t r = 0; r < n; r++)
		if (seen[r])
			queue[tail++] = r;
	while (head < tail) {
		size_t r = queue[head++];

		for (size_t k = start[r]; k < start[r + 1]; k++) {
			const struct func *f = p->func_list[members[k]];

			for (const struct edge *e = out ? f->out : f->in; e;
			     e = out ? e->next_out : e->next_in) {
				size_t t = rep[(out ? e->key.callee : e->key.caller)->index];

				if (!seen[t]) {
					seen[t] = true;
					queue[tail++] = t;
				}
			}
		}
	}
	free(queue);
}

/* Leave out the functions on no call path through a match. */
static void trim(struct profile *p, const bool *match)
{
	size_t n = p->nfuncs;
	struct cycles cy;
	size_t *start = xcalloc(n + 1, sizeof(*start));
	size_t *members = xmalloc((n ? n : 1) * sizeof(*members));
	size_t *fill = xmalloc((n ? n : 1) * sizeof(*fill));
	bool *down = xcalloc(n ? n : 1, sizeof(*down));
	bool *up = xcalloc(n ? n : 1, sizeof(*up));
	bool *gone = xcalloc(n ? n : 1, sizeof(*gone));
	bool any = false;

	cycles_find(&cy, p);
	for (size_t i = 0; i < n; i++) {
		start[cy.rep[i] + 1]++;
		down[cy.rep[i]] |= match[i];
		up[cy.rep[i]] |= match[i];
	}
	for (size_t r = 0; r < n; r++)
		start[r + 1] += start[r];
	memcpy(fill, start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		members[fill[cy.rep[i]]++] = i;
	reach(p, cy.rep, start, members, down, true);
	reach(p, cy.rep, start, members, up, false);
	for (size_t i = 0; i < n; i++) {
		gone[i] = !down[cy.rep[i]] && !up[cy.rep[i]];
		any |= gone[i];
	}
	if (any) {
		p->self_total = cost_new(&p->arena, p->nevents);
		for (size_t i = 0; i < n; i++)
			if (p->func_list[i]->self != NULL)
				cost_add_checked(p->self_total, p->func_list[i]->self, p->nevents);
		p->trimmed = true;
		profile_remove_funcs(p, gone);
	}
	cycles_release(&cy);
	free(start);
	free(members);
	free(fill);
	free(down);
	free(up);
	free(gone);
}

static void focus(struct profile *p, const struct patterns *ps, bool stacks)
{
	bool *match = match_names(p, ps);

	for (size_t i = 0; i < p->nfuncs; i++)
		p->func_list[i]->focus_match = match[i];
	p->focused = true;
	if (!stacks)
		trim(p, match);
	free(match);
}

void focus_apply(const struct focus *f, struct profile *p, bool stacks)
{
	if (f->hide.n > 0)
		hide(p, &f->hide);
	if (f->focus.n > 0)
		focus(p, &f->focus, stacks);
}
