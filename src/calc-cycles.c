#include "calc-cycles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc-scc.h"
#include "diag.h"
#include "xalloc.h"

/* Inlined entries are merged into their host. */
static size_t find_rep(size_t *parent, size_t i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]];
		i = parent[i];
	}
	return i;
}

size_t *cycles_hosts(const struct profile *p)
{
	size_t n = p->nfuncs, *rep = xmalloc((n ? n : 1) * sizeof(*rep));

	for (size_t i = 0; i < n; i++)
		rep[i] = i;
	for (size_t i = 0; i < n; i++) {
		const struct func *f = p->func_list[i];

		if (f->host != NULL) {
			size_t a = find_rep(rep, i), b = find_rep(rep, f->host->index);

			if (a != b)
				rep[a] = b;
		}
	}
	for (size_t i = 0; i < n; i++)
		rep[i] = find_rep(rep, i);
	return rep;
}

void cycles_find(struct cycles *c, const struct profile *p)
{
	size_t n = p->nfuncs, nedges = 0, *start, *adj, *fill;

	c->rep = cycles_hosts(p);
	start = xcalloc(n + 1, sizeof(*start));
	for (size_t i = 0; i < n; i++) {
		start[c->rep[i] + 1] += p->func_list[i]->nout;
		nedges += p->func_list[i]->nout;
	}
	for (size_t i = 0; i < n; i++)
		start[i + 1] += start[i];
	adj = xmalloc((nedges ? nedges : 1) * sizeof(*adj));
	fill = xmalloc((n ? n : 1) * sizeof(*fill));
	memcpy(fill, start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out)
			adj[fill[c->rep[i]]++] = c->rep[e->key.callee->index];
	c->comp = xmalloc((n ? n : 1) * sizeof(*c->comp));
	c->ncomp = scc_find(n, start, adj, c->comp);
	c->cyclic = scc_cyclic(n, start, adj, c->comp, c->ncomp);
	free(start);
	free(adj);
	free(fill);
}

void cycles_release(struct cycles *c)
{
	free(c->rep);
	free(c->comp);
	free(c->cyclic);
	memset(c, 0, sizeof(*c));
}

static void add_cost(const struct profile *p, cost_t *dst, const cost_t *v)
{
	if (v != NULL && !cost_add(dst, v, p->nevents))
		die(EXIT_INPUT, "%s: the cost of a cycle of calls does not fit in 64 bits", p->path);
}

/* The calls into C's members from outside it, and their count. */
static void sum_entries(const struct profile *p, struct cycle *c)
{
	cost_t *cost = xmalloc(p->nevents * sizeof(*cost));
	bool entered = false;

	for (size_t k = 0; k < c->nmembers; k++)
		for (const struct edge *e = c->members[k]->in; e; e = e->next_in) {
			if (e->key.caller->cycle == c)
				continue;
			entered = true;
			add_cost(p, c->inclusive, edge_cost(p, e, cost));
			c->calls += edge_count(p, e);
		}
	/* Nothing outside calls it: it runs as a root does. */
	for (size_t k = 0; k < c->nmembers && !entered; k++) {
		const struct func *f = c->members[k];

		add_cost(p, c->inclusive, f->self);
		for (const struct edge *e = f->out; e; e = e->next_out)
			if (e->key.callee->cycle != c)
				add_cost(p, c->inclusive, edge_cost(p, e, cost));
	}
	free(cost);
}

static int member_cmp(const void *a, const void *b)
{
	const struct func *f = *(const struct func *const *)a, *g = *(const struct func *const *)b;
	int c = strcmp(f->fullname, g->fullname);

	return c ? c : (f->index > g->index) - (f->index < g->index);
}

struct cycle_order {
	size_t event;
};

static int cycle_cmp(const void *a, const void *b, void *arg)
{
	const struct cycle *x = a, *y = b;
	size_t k = ((const struct cycle_order *)arg)->event;
	cost_t u = cost_sort_value(x->inclusive[k]), v = cost_sort_value(y->inclusive[k]);

	if (u != v)
		return u > v ? -1 : 1;
	return member_cmp(&x->members[0], &y->members[0]);
}

/* Sort P's cycles by CMP (with ARG); members point at their cycle: sort a
 * copy, then put it in place. */
static void sort_cycles(struct profile *p, int (*cmp)(const void *, const void *, void *),
			void *arg)
{
	struct cycle *sorted;

	if (p->ncycles < 2)
		return;
	sorted = xmalloc(p->ncycles * sizeof(*sorted));
	memcpy(sorted, p->cycles, p->ncycles * sizeof(*sorted));
	qsort_r(sorted, p->ncycles, sizeof(*sorted), cmp, arg);
	memcpy(p->cycles, sorted, p->ncycles * sizeof(*sorted));
	free(sorted);
	for (size_t k = 0; k < p->ncycles; k++)
		for (size_t m = 0; m < p->cycles[k].nmembers; m++)
			p->cycles[k].members[m]->cycle = &p->cycles[k];
}

static int id_cmp(const void *a, const void *b, void *arg)
{
	const struct cycle *x = a, *y = b;

	(void)arg;
	return (x->id > y->id) - (x->id < y->id);
}

/* A cycle's row of the function table: no function, but it has a name,
 * costs and a file (empty: nothing to annotate). */
static void make_row(struct profile *p, struct cycle *c)
{
	static struct pfile none = { .name = "" };
	struct func *row = arena_alloc(&p->arena, sizeof(*row));
	char name[48];

	memset(row, 0, sizeof(*row));
	snprintf(name, sizeof(name), "<cycle %zu>", c->id);
	row->fullname = row->key.name = profile_intern(p, name, strlen(name));
	row->key.file = &none;
	row->self = c->self;
	row->listed = true;
	row->whole = c;
	row->index = (size_t)-1;
	c->row = row;
}

void cycles_mark(struct profile *p, size_t primary)
{
	struct cycles cy;
	size_t n = p->nfuncs, *reps = NULL, *slot;
	struct cycle_order order = { primary };

	cycles_find(&cy, p);
	/* How many host functions each component has: cycles have two or more. */
	reps = xcalloc(cy.ncomp ? cy.ncomp : 1, sizeof(*reps));
	slot = xmalloc((cy.ncomp ? cy.ncomp : 1) * sizeof(*slot));
	for (size_t i = 0; i < n; i++)
		if (cy.rep[i] == i)
			reps[cy.comp[i]]++;
	free(p->cycles);
	p->cycles = NULL;
	p->ncycles = 0;
	for (size_t c = 0; c < cy.ncomp; c++)
		slot[c] = reps[c] > 1 ? p->ncycles++ : (size_t)-1;
	p->cycles = xcalloc(p->ncycles ? p->ncycles : 1, sizeof(*p->cycles));
	for (size_t i = 0; i < n; i++) {
		struct func *f = p->func_list[i];
		size_t c = cy.comp[cy.rep[i]];

		f->scc = c;
		f->recursive = cy.cyclic[c];
		/* Members are rows of the function table: not the empty entry a
		 * fi= line makes just before the next fn= (pyprof2calltree). */
		f->cycle = slot[c] != (size_t)-1 && (f->listed || f->called != NULL)
			? &p->cycles[slot[c]] : NULL;
		if (f->cycle != NULL)
			f->cycle->nmembers++;
	}
	for (size_t k = 0; k < p->ncycles; k++) {
		struct cycle *c = &p->cycles[k];

		c->members = arena_alloc(&p->arena, c->nmembers * sizeof(*c->members));
		c->nmembers = 0;
		c->self = cost_new(&p->arena, p->nevents);
		c->inclusive = cost_new(&p->arena, p->nevents);
	}
	for (size_t i = 0; i < n; i++) {
		struct func *f = p->func_list[i];

		if (f->cycle != NULL)
			f->cycle->members[f->cycle->nmembers++] = f;
	}
	for (size_t k = 0; k < p->ncycles; k++) {
		struct cycle *c = &p->cycles[k];

		qsort(c->members, c->nmembers, sizeof(*c->members), member_cmp);
		for (size_t m = 0; m < c->nmembers; m++)
			add_cost(p, c->self, c->members[m]->self);
		sum_entries(p, c);
	}
	sort_cycles(p, cycle_cmp, &order);
	for (size_t k = 0; k < p->ncycles; k++) {
		p->cycles[k].id = k + 1;
		make_row(p, &p->cycles[k]);
	}
	free(reps);
	free(slot);
	cycles_release(&cy);
}

void cycles_number_as(struct profile *p, const struct profile *like)
{
	size_t next = like->ncycles;

	for (size_t k = 0; k < p->ncycles; k++) {
		struct cycle *c = &p->cycles[k];

		c->id = SIZE_MAX;
		for (size_t m = 0; m < c->nmembers; m++) {
			const struct func *f = c->members[m];
			const struct func *g = profile_find_func(like, f->key.file->name, f->key.name);

			if (g != NULL && g->cycle != NULL && g->cycle->id < c->id)
				c->id = g->cycle->id;
		}
	}
	/* A cycle LIKE does not have comes after LIKE's, in P's order. */
	for (size_t k = 0; k < p->ncycles; k++)
		if (p->cycles[k].id == SIZE_MAX)
			p->cycles[k].id = ++next;
	sort_cycles(p, id_cmp, NULL);
	for (size_t k = 0; k < p->ncycles; k++)
		make_row(p, &p->cycles[k]);
}

bool cycles_call_inside(const struct func *caller, const struct func *callee)
{
	return caller == callee || (caller->recursive && caller->scc == callee->scc);
}
