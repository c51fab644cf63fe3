#include "calc-inclusive.h"

#include <stdlib.h>
#include <string.h>

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
	bool *self_loop;
	/* The callee representatives and costs of each function's out list,
	 * in list order (function i's from edge_start[i]): walking the edges
	 * again then chases no list pointers and looks at no callee, each a
	 * cache miss. */
	size_t *edge_start;
	size_t *edge_rep;
	const cost_t **edge_cost;
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
	g->self_loop = xcalloc(n, sizeof(*g->self_loop));
	for (size_t i = 0; i < n; i++) {
		g->adj_start[g->rep[i] + 1] += p->func_list[i]->nout;
		nedges += p->func_list[i]->nout;
	}
	for (size_t i = 0; i < n; i++)
		g->adj_start[i + 1] += g->adj_start[i];
	g->adj = xmalloc((nedges ? nedges : 1) * sizeof(*g->adj));
	g->edge_rep = xmalloc((nedges ? nedges : 1) * sizeof(*g->edge_rep));
	g->edge_cost = xmalloc((nedges ? nedges : 1) * sizeof(*g->edge_cost));
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
			g->edge_cost[nedges++] = e->cost;
			if (u == v)
				g->self_loop[u] = true;
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
	free(g->self_loop);
	free(g->edge_start);
	free(g->edge_rep);
	free(g->edge_cost);
}

/* Tarjan's algorithm without recursion (call chains can be deep): sets
 * comp[v] for every representative v and recursive[comp] for components
 * with a call inside them.  Returns the number of components. */
static size_t find_cycles(const struct graph *g, size_t *comp, bool **recursive)
{
	const size_t none = (size_t)-1;
	size_t n = g->n, counter = 0, ncomp = 0, sp = 0, csp = 0;
	size_t *index = xmalloc(n * sizeof(*index));
	size_t *low = xmalloc(n * sizeof(*low));
	size_t *stack = xmalloc(n * sizeof(*stack));
	size_t *call = xmalloc(n * sizeof(*call));   /* DFS: node */
	size_t *next = xmalloc(n * sizeof(*next));   /* DFS: next adjacency slot */
	bool *on_stack = xcalloc(n, sizeof(*on_stack));
	bool *rec = xcalloc(n, sizeof(*rec));

	for (size_t i = 0; i < n; i++)
		index[i] = comp[i] = none;
	for (size_t root = 0; root < n; root++) {
		if (g->rep[root] != root || index[root] != none)
			continue;
		call[csp] = root;
		next[csp++] = g->adj_start[root];
		index[root] = low[root] = counter++;
		stack[sp++] = root;
		on_stack[root] = true;
		while (csp > 0) {
			size_t v = call[csp - 1];

			if (next[csp - 1] < g->adj_start[v + 1]) {
				size_t w = g->adj[next[csp - 1]++];

				if (index[w] == none) {
					index[w] = low[w] = counter++;
					stack[sp++] = w;
					on_stack[w] = true;
					call[csp] = w;
					next[csp++] = g->adj_start[w];
				} else if (on_stack[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			if (low[v] == index[v]) {
				size_t size = 0, w;

				do {
					w = stack[--sp];
					on_stack[w] = false;
					comp[w] = ncomp;
					size++;
				} while (w != v);
				rec[ncomp] = size > 1 || g->self_loop[v];
				ncomp++;
			}
			csp--;
			if (csp > 0 && low[v] < low[call[csp - 1]])
				low[call[csp - 1]] = low[v];
		}
	}
	free(index);
	free(low);
	free(stack);
	free(call);
	free(next);
	free(on_stack);
	*recursive = rec;
	return ncomp;
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

static void inclusive_totals(struct profile *p)
{
	struct graph g;
	size_t *comp = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*comp));
	bool *recursive;

	graph_build(&g, p);
	find_cycles(&g, comp, &recursive);
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];
		size_t c = comp[g.rep[i]];

		f->cycle = recursive[c] ? c + 1 : 0;
		if (!f->listed && f->called == NULL)
			continue;
		if (recursive[c]) {
			f->total = copy_or_absent(p, f->self);
			for (size_t k = g.edge_start[i]; k < g.edge_start[i + 1]; k++)
				if (comp[g.edge_rep[k]] != c)
					add_to_total(p, f, f->total, g.edge_cost[k]);
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
	graph_release(&g);
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
