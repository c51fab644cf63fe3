#include "calc-inclusive.h"

#include <stdlib.h>
#include <string.h>

#include "calc-scc.h"
#include "diag.h"
#include "xalloc.h"

/* Inlined entries are merged into their host for cycle finding. */
static size_t find_rep(size_t *parent, size_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

struct graph {
	size_t n;
	size_t *rep;          /* function -> representative */
	size_t *adj_start;    /* CSR adjacency over representatives */
	size_t *adj;
	/* The callee representatives and edges of each function's out list,
	 * in list order (function i's from edge_start[i]): walking the edges
	 * again then chases no list pointers and looks at no callee, each a
	 * cache miss. */
	size_t *edge_start;
	size_t *edge_rep;
	const struct edge **edge;
};

static void graph_build(struct graph *g, struct profile *p)
{
	size_t n = p->nfuncs, nedges = 0, *fill;

	g->n = n;
	g->rep = xmalloc(n * sizeof(*g->rep));
	for (size_t i = 0; i < n; i++)
		g->rep[i] = i;
	for (size_t i = 0; i < n; i++) {
		struct func *f = p->func_list[i];

		if (f->host != NULL) {
			size_t a = find_rep(g->rep, i), b = find_rep(g->rep, f->host->index);

			if (a != b)
				g->rep[a] = b;
		}
	}
	for (size_t i = 0; i < n; i++)
		g->rep[i] = find_rep(g->rep, i);

	g->adj_start = xcalloc(n + 1, sizeof(*g->adj_start));
	for (size_t i = 0; i < n; i++) {
		g->adj_start[g->rep[i] + 1] += p->func_list[i]->nout;
		nedges += p->func_list[i]->nout;
	}
	for (size_t i = 0; i < n; i++)
		g->adj_start[i + 1] += g->adj_start[i];
	g->adj = xmalloc((nedges ? nedges : 1) * sizeof(*g->adj));
	g->edge_rep = xmalloc((nedges ? nedges : 1) * sizeof(*g->edge_rep));
	g->edge = xmalloc((nedges ? nedges : 1) * sizeof(*g->edge));
	g->edge_start = xmalloc((n + 1) * sizeof(*g->edge_start));
	fill = xmalloc((n ? n : 1) * sizeof(*fill));
	memcpy(fill, g->adj_start, n * sizeof(*fill));
	nedges = 0;
	for (size_t i = 0; i < n; i++) {
		g->edge_start[i] = nedges;
		for (struct edge *e = p->func_list[i]->out; e; e = e->next_out) {
			size_t u = g->rep[i], v = g->rep[e->key.callee->index];

			g->adj[fill[u]++] = v;
			g->edge_rep[nedges] = v;
			g->edge[nedges++] = e;
		}
	}
	g->edge_start[n] = nedges;
	free(fill);
}

static void graph_release(struct graph *g)
{
	free(g->rep);
	free(g->adj_start);
	free(g->adj);
	free(g->edge_start);
	free(g->edge_rep);
	free(g->edge);
}

static cost_t *copy_or_absent(struct profile *p, const cost_t *v)
{
	cost_t *c = cost_new(&p->arena, p->nevents);

	if (v != NULL)
		memcpy(c, v, p->nevents * sizeof(*c));
	return c;
}

/* TOTAL += V; a total no input line is to blame for, hence no line number. */
static void add_to_total(const struct profile *p, const struct func *f, cost_t *total,
			 const cost_t *v)
{
	if (!cost_add(total, v, p->nevents))
		die(EXIT_INPUT, "%s: the inclusive cost of %s does not fit in 64 bits",
		    p->path, f->fullname);
}

/* The calls of F (function I) to functions --focus left out: what its
 * outgoing sum still counts beyond its listed calls.  Those are calls out
 * of its cycle (a function in a cycle with one on a path through a match
 * is on that path too), so they belong to its inclusive cost. */
static void add_left_out(const struct profile *p, const struct graph *g, size_t i,
			 struct func *f)
{
	cost_t *rest;

	if (!p->trimmed || f->outgoing == NULL)
		return;
	rest = xmalloc(p->nevents * sizeof(*rest));
	for (size_t e = 0; e < p->nevents; e++) {
		rest[e] = f->outgoing[e];
		for (size_t k = g->edge_start[i]; k < g->edge_start[i + 1]; k++) {
			cost_t c = edge_get(p, g->edge[k], e);

			if (rest[e] != COST_ABSENT && c != COST_ABSENT)
				rest[e] -= c;
		}
		if (rest[e] == 0)
			rest[e] = COST_ABSENT;
	}
	add_to_total(p, f, f->total, rest);
	free(rest);
}

static void inclusive_totals(struct profile *p)
{
	struct graph g;
	size_t *comp = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*comp));
	cost_t *cost = xmalloc(p->nevents * sizeof(*cost));
	bool *recursive;
	size_t ncomp;

	graph_build(&g, p);
	ncomp = scc_find(g.n, g.adj_start, g.adj, comp);
	recursive = scc_cyclic(g.n, g.adj_start, g.adj, comp, ncomp);
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];
		size_t c = comp[g.rep[i]];

		if (!f->listed && f->called == NULL)
			continue;
		if (recursive[c]) {
			f->total = copy_or_absent(p, f->self);
			for (size_t k = g.edge_start[i]; k < g.edge_start[i + 1]; k++)
				if (comp[g.edge_rep[k]] != c)
					add_to_total(p, f, f->total,
						     edge_cost(p, g.edge[k], cost));
			add_left_out(p, &g, i, f);
		} else if (f->called != NULL) {
			f->total = f->called;
		} else {
			f->total = copy_or_absent(p, f->self);
			if (f->outgoing != NULL)
				add_to_total(p, f, f->total, f->outgoing);
		}
	}
	free(recursive);
	free(comp);
	free(cost);
	graph_release(&g);
}

void cycles_find(struct cycles *c, struct profile *p)
{
	struct graph g;
	size_t n = p->nfuncs;

	graph_build(&g, p);
	c->comp = xmalloc((n ? n : 1) * sizeof(*c->comp));
	c->ncomp = scc_find(g.n, g.adj_start, g.adj, c->comp);
	c->cyclic = scc_cyclic(g.n, g.adj_start, g.adj, c->comp, c->ncomp);
	c->rep = g.rep;
	g.rep = NULL;
	graph_release(&g);
}

void cycles_release(struct cycles *c)
{
	free(c->rep);
	free(c->comp);
	free(c->cyclic);
	memset(c, 0, sizeof(*c));
}

struct func **inclusive_compute(struct profile *p, bool inclusive, size_t *nrows)
{
	struct func **rows = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*rows));
	size_t n = 0;

	if (inclusive)
		inclusive_totals(p);
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		if (!inclusive)
			f->total = f->listed ? f->self : NULL;
		if (f->total != NULL)
			rows[n++] = f;
	}
	*nrows = n;
	return rows;
}
