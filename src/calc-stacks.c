#include "calc-stacks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "calc-scc.h"
#include "diag.h"
#include "hash.h"
#include "keysort.h"
#include "xalloc.h"

typedef unsigned __int128 wide_t;

#define NONE ((size_t)-1)

/* --- the graph -------------------------------------------------------- */

/* A breadth-first search from a node through its component, taken as far
 * as the nodes asked for so far: by pos, the pos of each found node's
 * parent (the start's: itself; not found yet: NONE32).  Positions, 32
 * bits: the largest components are searched from hundreds of entries. */
struct bfs {
	uint32_t *parent;
	uint32_t *queue;
	uint32_t head, tail;
};

#define NONE32 UINT32_MAX

/* Functions are numbered as in the profile; a "node" is a function that
 * holds others (inlined code, jumped-into code) or itself, and only nodes
 * have costs and calls.  Calls between two nodes are merged into one slot. */
struct stack_graph {
	size_t n;
	size_t *rank;              /* by function: its place in the order of full names */
	uint64_t *key;             /* by function: a hash of its full name */
	size_t *slot_order;        /* the slots of each node by callee's rank */
	size_t *node;              /* by function: the node holding it */
	bool *match;               /* by node: it or a function it holds matches --focus */
	size_t *comp;              /* by node: its component, callees first */
	size_t ncomp;
	size_t *comp_start;        /* component c's nodes: member[comp_start[c] .. comp_start[c + 1]) */
	size_t *member;
	size_t *pos;               /* by node: its place among its component's nodes */
	size_t *start;             /* node v's calls: slots start[v] .. start[v + 1] */
	size_t *target;            /* by slot: the node called */
	size_t *caller;            /* by slot: the node calling */
	bool *internal;            /* by slot: the call stays in its component */
	size_t *istart;            /* node v's calls inside its component: */
	size_t *inside;            /* nodes inside[istart[v] .. istart[v + 1]) */
	uint32_t *inside_pos;      /* by the same index: the node's pos */
	size_t *edge_slot;         /* each edge, function by function in out-list
				      order: its slot, NONE for a node calling itself */
	size_t nedges;
	struct bfs **route;        /* by node m: the shortest ways from m through its
				      component, found when needed */
	size_t *hub;               /* by component: the node large ones route through,
				      NONE until needed */
	size_t *to_hub;            /* by node: the next node on a shortest way to its
				      component's hub */
	size_t *from_hub;          /* by node: the node before it on a shortest way from
				      the hub */
};

/* Ways from each entry of a component are worth finding while there are
 * at most this many steps in all; beyond it ways go through a hub. */
#define ROUTE_BUDGET ((size_t)8 << 20)

static void *xcalloc_n(size_t n, size_t size)
{
	return xcalloc(n ? n : 1, size);
}

/* The profile's calls, function by function in out-list order, read once
 * for the graph: walking the lists reads each callee's function again. */
struct calls {
	size_t *first;             /* function i's calls: [first[i] .. first[i + 1]) */
	size_t *callee;            /* by call: the function called */
	uint64_t *cost;            /* by call: its cost of the first event */
};

static void calls_read(struct calls *c, const struct profile *p)
{
	size_t n = p->nfuncs, k = 0;

	c->first = xcalloc(n + 1, sizeof(*c->first));
	for (size_t i = 0; i < n; i++)
		c->first[i + 1] = c->first[i] + p->func_list[i]->nout;
	c->callee = xcalloc_n(c->first[n], sizeof(*c->callee));
	c->cost = xcalloc_n(c->first[n], sizeof(*c->cost));
	for (size_t i = 0; i < n; i++)
		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out, k++) {
			cost_t x = p->nevents > 0 ? edge_get(p, e, 0) : 0;

			c->callee[k] = e->key.callee->index;
			c->cost[k] = x > 0 ? (uint64_t)x : 0;
		}
}

static void calls_release(struct calls *c)
{
	free(c->first);
	free(c->callee);
	free(c->cost);
}

/* Whether some other node calls node R, or it is entered from outside
 * the listed calls (--hide gave it calls of a function nobody calls). */
static bool *called_nodes(const struct profile *p, const struct calls *c, const size_t *node)
{
	bool *called = xcalloc_n(p->nfuncs, sizeof(*called));

	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *f = p->func_list[i];

		if (f->called != NULL && f->in == NULL)
			called[node[i]] = true;
		for (size_t k = c->first[i]; k < c->first[i + 1]; k++)
			if (node[c->callee[k]] != node[i])
				called[node[c->callee[k]]] = true;
	}
	return called;
}

struct named {
	const char *name;          /* interned: compared as pointers */
	size_t node;
	uint64_t inflow;
};

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;

	if (x->name != y->name)
		return (uintptr_t)x->name < (uintptr_t)y->name ? -1 : 1;
	if (x->inflow != y->inflow)
		return x->inflow > y->inflow ? -1 : 1;
	return (x->node > y->node) - (x->node < y->node);
}

static void add_sat(uint64_t *sum, uint64_t c)
{
	*sum += c > UINT64_MAX - *sum ? UINT64_MAX - *sum : c;
}

/* Callgrind files code reached by a jump from one function into another
 * part of it (a tail call, a function split by the compiler) under another
 * file name, as a function nobody calls; the one that is called records its
 * cost in the calls made to it, which then carry more than it spends
 * itself and in its calls.  Such a function is held by the called function
 * of its name whose calls in carry more than it spends, the costliest if
 * there are several; a function nobody calls that has no such namesake (a
 * root, a thread's start routine) stays a function of its own. */
static void hold_jumped_into(const struct profile *p, const struct calls *c, size_t *node)
{
	size_t n = p->nfuncs, ncalled = 0;
	bool *called = called_nodes(p, c, node);
	struct named *byname = xcalloc_n(n, sizeof(*byname));
	uint64_t *inflow = xcalloc_n(n, sizeof(*inflow));
	uint64_t *spent = xcalloc_n(n, sizeof(*spent));

	/* Sums that stop at the largest count, in any order. */
	for (size_t i = 0; i < n && p->nevents > 0; i++) {
		const struct func *f = p->func_list[i];

		if (f->self != NULL && f->self[0] > 0)
			add_sat(&spent[node[i]], (uint64_t)f->self[0]);
		for (size_t k = c->first[i]; k < c->first[i + 1]; k++)
			if (node[c->callee[k]] != node[i]) {
				add_sat(&inflow[node[c->callee[k]]], c->cost[k]);
				add_sat(&spent[node[i]], c->cost[k]);
			}
	}
	for (size_t v = 0; v < n; v++)
		if (node[v] == v && called[v] && inflow[v] > spent[v])
			byname[ncalled++] = (struct named){ p->func_list[v]->key.name, v, inflow[v] };
	qsort(byname, ncalled, sizeof(*byname), named_cmp);
	for (size_t i = 0; i < n; i++) {
		size_t lo = 0, hi = ncalled;
		const char *name = p->func_list[node[i]]->key.name;

		if (called[node[i]])
			continue;
		/* The first entry of that name: the costliest. */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if ((uintptr_t)byname[mid].name < (uintptr_t)name)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < ncalled && byname[lo].name == name)
			node[i] = byname[lo].node;
	}
	free(called);
	free(byname);
	free(inflow);
	free(spent);
}

static int size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* Sort A[0..N): most nodes call a few others. */
static void sort_sizes(size_t *a, size_t n)
{
	if (n > 16) {
		qsort(a, n, sizeof(*a), size_cmp);
		return;
	}
	for (size_t i = 1; i < n; i++) {
		size_t x = a[i], j = i;

		while (j > 0 && a[j - 1] > x) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = x;
	}
}

/* The slot of every edge: node by node, each callee's slot is noted, then
 * read for the edges of the functions the node holds. */
static void edge_slots(struct stack_graph *g, const struct calls *c)
{
	size_t n = g->n, *held = xcalloc(n + 1, sizeof(*held)), *fill;
	size_t *funcs = xcalloc_n(n, sizeof(*funcs)), *slot_of = xcalloc_n(n, sizeof(*slot_of));

	/* The functions node v holds: funcs[held[v] .. held[v + 1]). */
	for (size_t i = 0; i < n; i++)
		held[g->node[i] + 1]++;
	for (size_t v = 0; v < n; v++)
		held[v + 1] += held[v];
	fill = xcalloc_n(n, sizeof(*fill));
	memcpy(fill, held, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		funcs[fill[g->node[i]]++] = i;
	free(fill);
	g->edge_slot = xcalloc_n(g->nedges, sizeof(*g->edge_slot));
	for (size_t v = 0; v < n; v++) {
		for (size_t j = g->start[v]; j < g->start[v + 1]; j++)
			slot_of[g->target[j]] = j;
		for (size_t h = held[v]; h < held[v + 1]; h++) {
			size_t i = funcs[h];

			for (size_t k = c->first[i]; k < c->first[i + 1]; k++) {
				size_t t = g->node[c->callee[k]];

				g->edge_slot[k] = t == v ? NONE : slot_of[t];
			}
		}
	}
	free(held);
	free(funcs);
	free(slot_of);
}

/* Each node's calls, merged by callee, without calls to itself; and the
 * slot of every edge. */
static void graph_slots(struct stack_graph *g, const struct calls *c)
{
	size_t n = g->n, *fill, nslots = 0;
	size_t *raw;

	g->start = xcalloc(n + 1, sizeof(*g->start));
	g->nedges = c->first[n];
	for (size_t i = 0; i < n; i++)
		g->start[g->node[i] + 1] += c->first[i + 1] - c->first[i];
	for (size_t v = 0; v < n; v++)
		g->start[v + 1] += g->start[v];
	raw = xcalloc_n(g->nedges, sizeof(*raw));
	fill = xcalloc_n(n, sizeof(*fill));
	memcpy(fill, g->start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		for (size_t k = c->first[i]; k < c->first[i + 1]; k++)
			raw[fill[g->node[i]]++] = g->node[c->callee[k]];
	g->target = xcalloc_n(g->nedges, sizeof(*g->target));
	for (size_t v = 0; v < n; v++) {
		size_t a = g->start[v], b = g->start[v + 1];

		g->start[v] = nslots;
		sort_sizes(raw + a, b - a);
		for (size_t j = a; j < b; j++)
			if (raw[j] != v && (nslots == g->start[v] || g->target[nslots - 1] != raw[j]))
				g->target[nslots++] = raw[j];
	}
	g->start[n] = nslots;
	g->caller = xcalloc_n(nslots, sizeof(*g->caller));
	for (size_t v = 0; v < n; v++)
		for (size_t j = g->start[v]; j < g->start[v + 1]; j++)
			g->caller[j] = v;
	edge_slots(g, c);
	free(raw);
	free(fill);
}

static int fullname_cmp(size_t x, size_t y, void *arg)
{
	const struct profile *p = arg;

	return strcmp(p->func_list[x]->fullname, p->func_list[y]->fullname);
}

/* Orders that do not depend on where a function comes in the profile, so
 * that two runs of one program, whose profiles list functions in other
 * orders, make the same choices: each function's rank by full name and a
 * hash of it. */
static void graph_names(struct stack_graph *g, const struct profile *p)
{
	size_t n = g->n;
	struct keyed *byname = xcalloc_n(n, sizeof(*byname));

	g->rank = xcalloc_n(n, sizeof(*g->rank));
	g->key = xcalloc_n(n, sizeof(*g->key));
	for (size_t i = 0; i < n; i++) {
		uint64_t h = 0xcbf29ce484222325u;

		byname[i] = (struct keyed){ keysort_text(p->func_list[i]->fullname), i };
		for (const unsigned char *c = (const unsigned char *)p->func_list[i]->fullname; *c; c++)
			h = (h ^ *c) * 0x100000001b3u;
		g->key[i] = h;
	}
	keysort_tie(byname, n, fullname_cmp, (void *)p);
	for (size_t r = 0; r < n; r++)
		g->rank[byname[r].index] = r;
	free(byname);
}

static void graph_components(struct stack_graph *g)
{
	size_t n = g->n, *fill, *byrank = xcalloc_n(n, sizeof(*byrank));
	struct keyed *bykey;

	g->comp = xcalloc_n(n, sizeof(*g->comp));
	g->ncomp = scc_find(n, g->start, g->target, g->comp);
	g->comp_start = xcalloc(g->ncomp + 1, sizeof(*g->comp_start));
	for (size_t v = 0; v < n; v++)
		if (g->node[v] == v)
			g->comp_start[g->comp[v] + 1]++;
	for (size_t c = 0; c < g->ncomp; c++)
		g->comp_start[c + 1] += g->comp_start[c];
	g->member = xcalloc_n(n, sizeof(*g->member));
	g->pos = xcalloc_n(n, sizeof(*g->pos));
	fill = xcalloc_n(g->ncomp, sizeof(*fill));
	memcpy(fill, g->comp_start, g->ncomp * sizeof(*fill));
	for (size_t v = 0; v < n; v++)
		byrank[g->rank[v]] = v;
	for (size_t r = 0; r < n; r++) {
		size_t v = byrank[r];

		if (g->node[v] == v) {
			g->pos[v] = fill[g->comp[v]] - g->comp_start[g->comp[v]];
			g->member[fill[g->comp[v]]++] = v;
		}
	}
	free(byrank);
	g->slot_order = xcalloc_n(g->start[n], sizeof(*g->slot_order));
	bykey = xcalloc_n(g->start[n], sizeof(*bykey));
	/* Each node's slots by their callees' ranks (one slot per callee). */
	for (size_t v = 0; v < n; v++) {
		size_t a = g->start[v], m = g->start[v + 1] - a;

		for (size_t k = 0; k < m; k++)
			bykey[k] = (struct keyed){ g->rank[g->target[a + k]], a + k };
		keysort_indexes(bykey, m, g->slot_order + a);
	}
	free(bykey);
	g->internal = xcalloc_n(g->start[n], sizeof(*g->internal));
	g->istart = xcalloc(n + 1, sizeof(*g->istart));
	for (size_t v = 0; v < n; v++) {
		g->istart[v + 1] = g->istart[v];
		for (size_t k = g->start[v]; k < g->start[v + 1]; k++) {
			g->internal[k] = g->comp[g->target[k]] == g->comp[v];
			g->istart[v + 1] += g->internal[k];
		}
	}
	g->inside = xcalloc_n(g->istart[n], sizeof(*g->inside));
	g->inside_pos = xcalloc_n(g->istart[n], sizeof(*g->inside_pos));
	for (size_t v = 0, j = 0; v < n; v++)
		for (size_t i = g->start[v]; i < g->start[v + 1]; i++) {
			size_t k = g->slot_order[i];

			if (g->internal[k]) {
				g->inside_pos[j] = (uint32_t)g->pos[g->target[k]];
				g->inside[j++] = g->target[k];
			}
		}
	free(fill);
}

struct stack_graph *stack_graph_new(const struct profile *p)
{
	struct stack_graph *g = xcalloc(1, sizeof(*g));
	struct calls calls;

	/* Frames name their functions' indexes in 32 bits. */
	if (p->nfuncs >= UINT32_MAX)
		die(EXIT_INPUT, "%s: more than %u functions", p->path, UINT32_MAX - 1);
	g->n = p->nfuncs;
	g->node = cycles_hosts(p);
	calls_read(&calls, p);
	hold_jumped_into(p, &calls, g->node);
	graph_slots(g, &calls);
	calls_release(&calls);
	graph_names(g, p);
	graph_components(g);
	g->match = xcalloc_n(g->n, sizeof(*g->match));
	for (size_t i = 0; i < g->n; i++)
		g->match[g->node[i]] |= p->func_list[i]->focus_match;
	g->route = xcalloc_n(g->n, sizeof(*g->route));
	g->hub = xcalloc_n(g->ncomp, sizeof(*g->hub));
	for (size_t c = 0; c < g->ncomp; c++)
		g->hub[c] = NONE;
	g->to_hub = xcalloc_n(g->n, sizeof(*g->to_hub));
	g->from_hub = xcalloc_n(g->n, sizeof(*g->from_hub));
	return g;
}

void stack_graph_free(struct stack_graph *g)
{
	if (g == NULL)
		return;
	for (size_t v = 0; v < g->n; v++)
		if (g->route[v] != NULL) {
			free(g->route[v]->parent);
			free(g->route[v]->queue);
			free(g->route[v]);
		}
	free(g->route);
	free(g->rank);
	free(g->key);
	free(g->slot_order);
	free(g->hub);
	free(g->to_hub);
	free(g->from_hub);
	free(g->node);
	free(g->match);
	free(g->comp);
	free(g->comp_start);
	free(g->member);
	free(g->pos);
	free(g->start);
	free(g->target);
	free(g->caller);
	free(g->internal);
	free(g->istart);
	free(g->inside);
	free(g->inside_pos);
	free(g->edge_slot);
	free(g);
}

size_t stack_graph_node(const struct stack_graph *g, size_t i)
{
	return g->node[i];
}

/* The search from M, taken on until it has found V (of M's component).
 * Stopping early changes nothing: a node's parent is the one it is found
 * from, in the same order however far the search goes. */
static const uint32_t *route_from(struct stack_graph *g, size_t m, size_t v)
{
	const size_t *members = g->member + g->comp_start[g->comp[m]];
	struct bfs *b = g->route[m];

	if (b == NULL) {
		size_t size = g->comp_start[g->comp[m] + 1] - g->comp_start[g->comp[m]];

		b = g->route[m] = xmalloc(sizeof(*b));
		b->parent = xmalloc(size * sizeof(*b->parent));
		b->queue = xmalloc(size * sizeof(*b->queue));
		memset(b->parent, 0xff, size * sizeof(*b->parent));
		b->head = b->tail = 0;
		b->queue[b->tail++] = (uint32_t)g->pos[m];
		b->parent[g->pos[m]] = (uint32_t)g->pos[m];
	}
	while (b->parent[g->pos[v]] == NONE32 && b->head < b->tail) {
		uint32_t pu = b->queue[b->head++];
		size_t u = members[pu];

		for (size_t k = g->istart[u]; k < g->istart[u + 1]; k++) {
			uint32_t t = g->inside_pos[k];

			if (b->parent[t] == NONE32) {
				b->parent[t] = pu;
				b->queue[b->tail++] = t;
			}
		}
	}
	return b->parent;
}

/* The nodes of component C with their calls reversed (inside C): the
 * callers of node v are CALLERS[FROM[pos v] .. FROM[pos v + 1]). */
static void reverse_calls(const struct stack_graph *g, size_t c, size_t **from, size_t **callers)
{
	const size_t *members = g->member + g->comp_start[c];
	size_t size = g->comp_start[c + 1] - g->comp_start[c], n = 0, *fill;

	*from = xcalloc(size + 1, sizeof(**from));
	for (size_t i = 0; i < size; i++)
		for (size_t k = g->start[members[i]]; k < g->start[members[i] + 1]; k++)
			if (g->internal[k]) {
				(*from)[g->pos[g->target[k]] + 1]++;
				n++;
			}
	for (size_t i = 0; i < size; i++)
		(*from)[i + 1] += (*from)[i];
	*callers = xcalloc_n(n, sizeof(**callers));
	fill = xcalloc_n(size, sizeof(*fill));
	memcpy(fill, *from, size * sizeof(*fill));
	for (size_t i = 0; i < size; i++)
		for (size_t k = g->start[members[i]]; k < g->start[members[i] + 1]; k++)
			if (g->internal[k])
				(*callers)[fill[g->pos[g->target[k]]]++] = members[i];
	free(fill);
}

/* Component C's hub, the node with the most calls inside it, and the
 * shortest ways to it and from it. */
static size_t hub_of(struct stack_graph *g, size_t c)
{
	const size_t *members = g->member + g->comp_start[c];
	size_t size = g->comp_start[c + 1] - g->comp_start[c], *from, *callers, *queue;
	size_t h = members[0], best = 0, head = 0, tail = 0;

	if (g->hub[c] != NONE)
		return g->hub[c];
	reverse_calls(g, c, &from, &callers);
	for (size_t i = 0; i < size; i++) {
		size_t v = members[i], deg = from[i + 1] - from[i];

		for (size_t k = g->start[v]; k < g->start[v + 1]; k++)
			deg += g->internal[k];
		if (deg > best) {
			best = deg;
			h = v;
		}
	}
	queue = xcalloc_n(size, sizeof(*queue));
	for (size_t i = 0; i < size; i++)
		g->to_hub[members[i]] = g->from_hub[members[i]] = NONE;
	/* Backwards from the hub: each node's next step towards it. */
	queue[tail++] = h;
	g->to_hub[h] = h;
	while (head < tail) {
		size_t v = queue[head++];

		for (size_t k = from[g->pos[v]]; k < from[g->pos[v] + 1]; k++)
			if (g->to_hub[callers[k]] == NONE) {
				g->to_hub[callers[k]] = v;
				queue[tail++] = callers[k];
			}
	}
	head = tail = 0;
	queue[tail++] = h;
	g->from_hub[h] = h;
	while (head < tail) {
		size_t v = queue[head++];

		for (size_t k = g->istart[v]; k < g->istart[v + 1]; k++)
			if (g->from_hub[g->inside[k]] == NONE) {
				g->from_hub[g->inside[k]] = v;
				queue[tail++] = g->inside[k];
			}
	}
	free(from);
	free(callers);
	free(queue);
	return g->hub[c] = h;
}

/* --- the estimate ----------------------------------------------------- */

/* The estimate is made twice over, in one pass over the components,
 * callers first.  First in real numbers: what each context (a packet,
 * the frame by which cost enters a component) gives each column of its
 * component (a member's self cost, or a call out of the component), a
 * continuous function of the costs that scales with them.  Then in whole
 * counts: each packet's count (from its caller's whole shares) is shared
 * among the same cells in proportion to their real amounts, each rounded
 * down or up so that every packet and every column adds up exactly; so
 * whole counts stay within a few units of the real ones, and the profile's
 * figures are kept exactly. */

/* What a component's contexts share out: a member's self cost, or a call
 * out of the component.  Columns are in a fixed order (members by node,
 * each one's self cost before its calls by callee), so that the pool's
 * filling does not depend on the costs. */
struct column {
	size_t member;
	size_t target;             /* the member (self cost) or a slot (a call out) */
	bool call;
	uint64_t cost;
	double left;               /* what the real shares have not taken yet */
	uint64_t ileft;            /* what the whole shares have not taken yet */
	double scale;              /* the balance's factor */
	double sum;                /* scratch: what the rows give it */
};

/* A node of a template: a way from its entry member through the
 * component, each member at most once. */
struct tnode {
	size_t parent;             /* NONE for the entry member */
	size_t member;
};

/* A share of a template's mass that ends in a column at the end of the
 * way TNODE. */
struct leaf {
	size_t tnode;
	size_t col;
	double mass;
};

/* How the mass entering a component at one member spreads through it: the
 * leaves LEAF_START..LEAF_END, the part SPREAD that goes to every column in
 * proportion to its cost (each by the shortest way to its member), and the
 * balance's factor U.  WEIGHT is the proportional part of what enters
 * there. */
struct tmpl {
	size_t member;
	size_t tnode_start, tnode_end;
	size_t leaf_start, leaf_end;
	double spread;
	double weight;
	double u;
};

/* A packet's real share of a column, taken at frame FRAME (on its way
 * through the component). */
struct cell {
	size_t row;                /* the packet's place in the component's order */
	size_t frame;
	size_t col;
	double amount;
	uint64_t whole;
};

struct piece {
	size_t row;
	size_t entry;              /* the frame it entered the component by */
	double amount;
};

struct est {
	struct stack_graph *g;
	const struct profile *p;
	uint64_t *self;            /* by node */
	uint64_t *weight;          /* by slot: the call's cost */
	uint64_t *holds;           /* by node: its self cost and its calls out of its component */
	uint64_t *reach;           /* by node: the most a call inside its component may carry
				      into it (see costs_of) */
	double tau;                /* below it a context is not split in proportion */
	struct eframe *ef;         /* the frames being made */
	size_t nframes, cap;
	struct stack_frame *frames;   /* the frames made, once their self costs are shared */
	size_t frames_cap;
	size_t *packets;           /* by component: its first packet (entry frame) */
	uint32_t *table;           /* 1 + frames by (parent, node), open addressing */
	size_t mask;
	bool via_hub;              /* the component's ways go through its hub */
	size_t way_mark;           /* marks in onpath of the nodes of a way */
	size_t *waypos;            /* by node: its place on the way */
	size_t *path;
	size_t path_cap;
	size_t *onpath;            /* by node: the mark of the walk it is on the path of */
	size_t *rframe;            /* by node: the frame route() found for it last, */
	size_t *rstamp;            /* from the packet whose frame is this less one */
	size_t walk_mark;
	size_t steps;              /* template steps taken in this estimate */
	/* The component being worked on. */
	struct column *cols;
	size_t ncols, cols_cap;
	size_t *col_of_self;       /* by node: its self column, or NONE */
	size_t *col_of_call;       /* by slot: its column, or NONE */
	struct tmpl *tmpls;
	size_t ntmpls, tmpls_cap;
	size_t *tmpl_of;           /* by node: its template, or NONE */
	struct tnode *tnodes;
	size_t ntnodes, tnodes_cap;
	struct leaf *leaves;
	size_t nleaves, leaves_cap;
	size_t *tframe;            /* by tnode: its frame under the packet at hand */
	size_t *tstamp;            /* by tnode: the packet tframe holds it for, plus one */
	size_t tframe_cap;
	size_t *spread_order;      /* columns by cost times their factor, largest first */
	size_t spread_cap;
	struct cell *cells;
	size_t ncells, cells_cap;
	struct piece *pool;
	size_t npool, pool_cap;
	size_t *order;             /* the component's packets, by frame */
	size_t order_cap;
	uint64_t *rowleft;         /* by row: what its whole count has not given yet */
	size_t rowleft_cap;
	size_t *sorted;
	size_t sorted_cap;
	struct keyed *keyed;       /* what the three sorts above are made with */
	size_t keyed_cap;
};

/* A frame while the estimate makes it: what is read together, together,
 * for most of the estimate's time goes to finding frames and walking the
 * packets of a component. */
struct eframe {
	size_t parent;             /* the frame below, or STACKS_ROOT */
	size_t node;
	uint64_t key;              /* a hash of its stack's names */
	size_t next;               /* the next packet of its component */
	double amount;             /* the real cost that entered it */
	double selfamt;            /* its real part of its node's self cost */
	uint64_t iamount;          /* the whole count that entered it */
	uint64_t iself;            /* its whole part of it */
};

/* Template ways go on while their share of what enters carries at least
 * tau, and stop after this many steps in all, for the largest cycles. */
#define TEMPLATE_STEPS ((size_t)1 << 22)
/* A context of at least tau takes its shares of its template's leaves down
 * to tau / LEAF_PRUNE: what a context leaves to the pool is filled in a
 * fixed order, which moves stacks around as costs change, so a large
 * context should leave it little. */
#define LEAF_PRUNE 16
/* The part of each template that is spread over its component in
 * proportion to the costs: it gives the balance a solution whatever ways
 * the templates took. */
#define SPREAD_BASE (1.0 / 256)
/* The balance stops when no column is off by more than tau /
 * BALANCE_TOLERANCE, or after BALANCE_ROUNDS rounds; what is left over
 * goes to the pool. */
#define BALANCE_TOLERANCE 64
#define BALANCE_ROUNDS 300

static uint64_t clamp64(wide_t v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

static uint64_t weight_of(cost_t c)
{
	return c <= 0 ? 0 : (uint64_t)c;   /* COST_ABSENT is negative */
}

/* The part of X that goes on as X's own share in proportion rather than to
 * the pool: none up to tau, all from twice tau, and in between a part that
 * grows continuously, so that a context's stacks change continuously as it
 * crosses tau. */
static double proportional_part(double x, double tau)
{
	if (x <= tau)
		return 0;
	if (x >= 2 * tau)
		return x;
	return x * (x - tau) / tau;
}

static void table_grow(struct est *e)
{
	size_t n = e->mask ? 2 * (e->mask + 1) : (size_t)1 << 16;

	free(e->table);
	e->table = xcalloc(n, sizeof(*e->table));
	e->mask = n - 1;
	for (size_t f = 0; f < e->nframes; f++) {
		size_t i = cga_pair_hash(e->ef[f].parent, e->ef[f].node) & e->mask;

		while (e->table[i] != 0)
			i = (i + 1) & e->mask;
		e->table[i] = (uint32_t)(f + 1);
	}
}

static size_t frame_new(struct est *e, size_t parent, size_t node)
{
	size_t f = e->nframes++;

	if (f >= UINT32_MAX - 1)
		die(EXIT_INPUT, "%s: more than %u stacks", e->p->path, UINT32_MAX - 1);
	if (f == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 4096;
		e->ef = xreallocarray(e->ef, e->cap, sizeof(*e->ef));
	}
	e->ef[f] = (struct eframe){
		.parent = parent,
		.node = node,
		.key = (parent == STACKS_ROOT ? 0x9e3779b97f4a7c15u
			: e->ef[parent].key * 0x100000001b3u) ^ e->g->key[node],
		.next = NONE,
	};
	return f;
}

/* The frame for NODE called from frame PARENT, made if new (*MADE). */
static size_t frame_get(struct est *e, size_t parent, size_t node, bool *made)
{
	size_t i, f;

	if (2 * (e->nframes + 1) > e->mask)
		table_grow(e);
	for (i = cga_pair_hash(parent, node) & e->mask; e->table[i] != 0; i = (i + 1) & e->mask) {
		f = e->table[i] - 1;
		if (e->ef[f].parent == parent && e->ef[f].node == node) {
			if (made)
				*made = false;
			return f;
		}
	}
	f = frame_new(e, parent, node);
	e->table[i] = (uint32_t)(f + 1);
	if (made)
		*made = true;
	return f;
}

/* The frame of column COL's target for frame F: F itself for a self cost,
 * else the callee's frame called from F, made if new and then a packet of
 * the callee's component. */
static size_t target_frame(struct est *e, size_t f, const struct column *col)
{
	const struct stack_graph *g = e->g;
	size_t t, child;
	bool made;

	if (!col->call)
		return f;
	t = g->target[col->target];
	child = frame_get(e, f, t, &made);
	if (made) {
		e->ef[child].next = e->packets[g->comp[t]];
		e->packets[g->comp[t]] = child;
	}
	return child;
}

/* Frame F, on ROW's way through the component, takes AMOUNT of column
 * COL (real numbers). */
static void take(struct est *e, size_t row, size_t f, size_t col, double amount)
{
	struct column *c = &e->cols[col];
	size_t t = target_frame(e, f, c);

	if (c->call)
		e->ef[t].amount += amount;
	else
		e->ef[t].selfamt += amount;
	c->left -= amount;
	xgrow(&e->cells, &e->cells_cap, e->ncells + 1, sizeof(*e->cells));
	e->cells[e->ncells++] = (struct cell){ row, f, col, amount, 0 };
}

/* The nodes of a way from M to V through their component's hub, M
 * excluded, in *PATH (with any loop taken out).  Returns its length. */
static size_t way_via_hub(struct est *e, size_t m, size_t v, size_t **path, size_t *cap)
{
	struct stack_graph *g = e->g;
	size_t n = 0, h = hub_of(g, g->comp[m]), back = 0;

	for (size_t u = m; u != h; u = g->to_hub[u]) {
		xgrow(path, cap, n + 1, sizeof(**path));
		(*path)[n++] = g->to_hub[u];
	}
	for (size_t u = v; u != h; u = g->from_hub[u])
		back++;
	xgrow(path, cap, n + back, sizeof(**path));
	for (size_t u = v, d = n + back; u != h; u = g->from_hub[u])
		(*path)[--d] = u;
	n += back;
	/* Take the loops out: a node met again cuts the way back to it. */
	size_t out = 0;

	for (size_t i = 0; i < n; i++) {
		size_t u = (*path)[i];

		if (u == m) {
			out = 0;
		} else if (e->onpath[u] == e->way_mark && e->waypos[u] < out &&
			   (*path)[e->waypos[u]] == u) {
			out = e->waypos[u] + 1;
		} else {
			e->onpath[u] = e->way_mark;
			e->waypos[u] = out;
			(*path)[out++] = u;
		}
	}
	e->way_mark--;
	return out;
}

/* Route's frame of node V from packet ENTRY (of node M) on the shortest
 * ways: they are the paths of one search tree from M, so the way to every
 * node on the way to V is a part of it, and each one's frame is known
 * once V's is.  Only the part below the last node known is walked. */
static size_t route_in_tree(struct est *e, size_t entry, size_t m, size_t v)
{
	struct stack_graph *g = e->g;
	const uint32_t *parent = route_from(g, m, v);
	const size_t *members = g->member + g->comp_start[g->comp[m]];
	uint32_t pm = (uint32_t)g->pos[m], u = (uint32_t)g->pos[v];
	size_t n = 0, f;

	for (; u != pm && e->rstamp[members[u]] != entry + 1; u = parent[u]) {
		xgrow(&e->path, &e->path_cap, n + 1, sizeof(*e->path));
		e->path[n++] = members[u];
	}
	f = u == pm ? entry : e->rframe[members[u]];
	while (n-- > 0) {
		f = frame_get(e, f, e->path[n], NULL);
		e->rstamp[e->path[n]] = entry + 1;
		e->rframe[e->path[n]] = f;
	}
	return f;
}

/* The frame of node V on the way from ENTRY's node through their
 * component (the shortest, or through its hub), made where needed. */
static size_t route(struct est *e, size_t entry, size_t v)
{
	size_t m = e->ef[entry].node, f = entry, n;

	if (m == v)
		return entry;
	/* The way from one packet to the columns of one member, again. */
	if (e->rstamp[v] == entry + 1)
		return e->rframe[v];
	if (!e->via_hub)
		return route_in_tree(e, entry, m, v);
	n = way_via_hub(e, m, v, &e->path, &e->path_cap);
	for (size_t d = 0; d < n; d++)
		f = frame_get(e, f, e->path[d], NULL);
	e->rstamp[v] = entry + 1;
	e->rframe[v] = f;
	return f;
}

/* The frame for what nobody's calls bring component C: a root frame of
 * the member that holds the most. */
static size_t deficit_frame(struct est *e, size_t c)
{
	const struct stack_graph *g = e->g;
	size_t best = g->member[g->comp_start[c]], f;
	bool made;

	for (size_t k = g->comp_start[c]; k < g->comp_start[c + 1]; k++)
		if (e->holds[g->member[k]] > e->holds[best])
			best = g->member[k];
	f = frame_get(e, STACKS_ROOT, best, &made);
	if (made) {
		e->ef[f].next = e->packets[c];
		e->packets[c] = f;
	}
	return f;
}

/* Whether finding the shortest ways from each node that component C is
 * entered at would take more than ROUTE_BUDGET steps. */
static bool too_many_ways(struct est *e, size_t c, size_t nmembers)
{
	const struct stack_graph *g = e->g;
	size_t entries = 0, steps = nmembers;

	for (size_t k = g->comp_start[c]; k < g->comp_start[c + 1]; k++)
		steps += g->istart[g->member[k] + 1] - g->istart[g->member[k]];
	e->way_mark--;
	for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next)
		if (e->onpath[e->ef[f].node] != e->way_mark) {
			e->onpath[e->ef[f].node] = e->way_mark;
			entries++;
		}
	e->way_mark--;
	return entries > ROUTE_BUDGET / steps;
}

/* Component C's columns, in their fixed order; the sum of their costs. */
static wide_t make_columns(struct est *e, const size_t *members, size_t nmembers)
{
	const struct stack_graph *g = e->g;
	wide_t all = 0;

	e->ncols = 0;
	for (size_t m = 0; m < nmembers; m++) {
		size_t v = members[m];

		xgrow(&e->cols, &e->cols_cap, e->ncols + 1 + g->start[v + 1] - g->start[v],
		      sizeof(*e->cols));
		e->col_of_self[v] = NONE;
		if (e->self[v] > 0) {
			e->col_of_self[v] = e->ncols;
			e->cols[e->ncols++] = (struct column){ v, v, false, e->self[v], 0, 0, 1, 0 };
		}
		for (size_t i = g->start[v]; i < g->start[v + 1]; i++) {
			size_t k = g->slot_order[i];

			e->col_of_call[k] = NONE;
			if (g->internal[k] || e->weight[k] == 0)
				continue;
			e->col_of_call[k] = e->ncols;
			e->cols[e->ncols++] = (struct column){ v, k, true, e->weight[k], 0, 0, 1, 0 };
		}
	}
	for (size_t i = 0; i < e->ncols; i++) {
		e->cols[i].left = (double)e->cols[i].cost;
		e->cols[i].ileft = e->cols[i].cost;
		all += e->cols[i].cost;
	}
	return all;
}

static size_t tnode_add(struct est *e, size_t parent, size_t member)
{
	xgrow(&e->tnodes, &e->tnodes_cap, e->ntnodes + 1, sizeof(*e->tnodes));
	e->tnodes[e->ntnodes] = (struct tnode){ parent, member };
	return e->ntnodes++;
}

static void leaf_add(struct est *e, size_t tnode, size_t col, double mass)
{
	if (col == NONE || mass <= 0)
		return;
	xgrow(&e->leaves, &e->leaves_cap, e->nleaves + 1, sizeof(*e->leaves));
	e->leaves[e->nleaves++] = (struct leaf){ tnode, col, mass };
}

/* MASS at template node N ends in its member's own columns, its self cost
 * and its calls out of the component, in proportion to their costs. */
static void own_leaves(struct est *e, size_t n, double mass)
{
	const struct stack_graph *g = e->g;
	size_t v = e->tnodes[n].member;
	double holds = (double)e->holds[v];

	if (mass <= 0)
		return;
	leaf_add(e, n, e->col_of_self[v], mass * (double)e->self[v] / holds);
	for (size_t k = g->start[v]; k < g->start[v + 1]; k++)
		if (!g->internal[k])
			leaf_add(e, n, e->col_of_call[k], mass * (double)e->weight[k] / holds);
}

struct tstep {
	size_t tnode;
	double mass;
	bool leave;                /* its callees are done: take its member off the path */
};

/* The template of member T->member of a cyclic component: from it, what
 * reaches a member is split in proportion among its self cost, its calls
 * out of the component and its calls to members not on the way (each
 * weighing at most what its callee can carry: a recorded call inside a
 * cycle counts nested calls again at each level), and the way goes on
 * along a call while what it carries of T->weight is at least tau (in
 * part below twice tau); what does not go on is spread. */
static void template_walk(struct est *e, struct tmpl *t)
{
	const struct stack_graph *g = e->g;
	struct tstep *stack = NULL;
	size_t cap = 0, sp = 0, mark = ++e->walk_mark;
	double spread = SPREAD_BASE;

	t->tnode_start = e->ntnodes;
	t->leaf_start = e->nleaves;
	xgrow(&stack, &cap, 1, sizeof(*stack));
	stack[sp++] = (struct tstep){ tnode_add(e, NONE, t->member), 1.0 - SPREAD_BASE, false };
	while (sp > 0) {
		struct tstep st = stack[--sp];
		size_t v = e->tnodes[st.tnode].member, a = g->start[v], b = g->start[v + 1];
		double sum = (double)e->self[v];

		if (st.leave) {
			e->onpath[v] = 0;
			continue;
		}
		e->onpath[v] = mark;
		for (size_t k = a; k < b; k++) {
			if (!g->internal[k])
				sum += (double)e->weight[k];
			else if (e->onpath[g->target[k]] != mark)
				sum += (double)(e->weight[k] < e->reach[g->target[k]]
						? e->weight[k] : e->reach[g->target[k]]);
		}
		xgrow(&stack, &cap, sp + (b - a) + 1, sizeof(*stack));
		stack[sp++] = (struct tstep){ st.tnode, 0, true };
		if (sum <= 0) {
			spread += st.mass;
			continue;
		}
		leaf_add(e, st.tnode, e->col_of_self[v], st.mass * (double)e->self[v] / sum);
		for (size_t k = a; k < b; k++) {
			double x, on;
			size_t u = g->target[k], child;

			if (!g->internal[k]) {
				leaf_add(e, st.tnode, e->col_of_call[k],
					 st.mass * (double)e->weight[k] / sum);
				continue;
			}
			if (e->onpath[u] == mark)
				continue;
			x = st.mass * (double)(e->weight[k] < e->reach[u] ? e->weight[k] : e->reach[u]) /
			    sum;
			on = e->steps < TEMPLATE_STEPS
				? proportional_part(x * t->weight, e->tau) / t->weight : 0;
			if (x <= 0)
				continue;
			e->steps++;
			child = tnode_add(e, st.tnode, u);
			if (on > 0)
				stack[sp++] = (struct tstep){ child, on, false };
			/* What does not go on ends in the callee's own columns. */
			if (e->holds[u] > 0)
				own_leaves(e, child, x - on);
			else
				spread += x - on;
		}
	}
	t->spread = spread;
	t->tnode_end = e->ntnodes;
	t->leaf_end = e->nleaves;
	free(stack);
}

/* What template T gives in all when the columns have their factors:
 * DSUM is the sum of the columns' costs times their factors, over ALL. */
static double template_row(const struct est *e, const struct tmpl *t, double dsum)
{
	double row = t->spread * dsum;

	for (size_t l = t->leaf_start; l < t->leaf_end; l++)
		row += e->leaves[l].mass * e->cols[e->leaves[l].col].scale;
	return row;
}

static double scaled_cost(const struct est *e, double all)
{
	double dsum = 0;

	for (size_t i = 0; i < e->ncols; i++)
		dsum += (double)e->cols[i].cost * e->cols[i].scale / all;
	return dsum;
}

/* Balance the templates of the component, whose columns add up to ALL:
 * factors U (by template) and SCALE (by column) such that each template's
 * shares times U add up to its weight and each column's to its cost, the
 * pool (POOL, spread in proportion to the costs) taking its part.  A
 * continuous function of the costs (Sinkhorn's scaling), by which
 * templates made of the same mass scale alike. */
static void balance(struct est *e, double all, double pool)
{
	for (size_t i = 0; i < e->ncols; i++)
		e->cols[i].scale = 1;
	for (int round = 0; round < BALANCE_ROUNDS; round++) {
		double worst = 0, dsum = scaled_cost(e, all), spread_u;

		for (size_t r = 0; r < e->ntmpls; r++) {
			struct tmpl *t = &e->tmpls[r];
			double row = template_row(e, t, dsum);

			t->u = row > 0 ? t->weight / row : 0;
		}
		spread_u = dsum > 0 ? pool / dsum : 0;
		for (size_t r = 0; r < e->ntmpls; r++)
			spread_u += e->tmpls[r].u * e->tmpls[r].spread;
		for (size_t i = 0; i < e->ncols; i++)
			e->cols[i].sum = spread_u * (double)e->cols[i].cost / all;
		for (size_t r = 0; r < e->ntmpls; r++)
			for (size_t l = e->tmpls[r].leaf_start; l < e->tmpls[r].leaf_end; l++)
				e->cols[e->leaves[l].col].sum += e->tmpls[r].u * e->leaves[l].mass;
		for (size_t i = 0; i < e->ncols; i++) {
			struct column *col = &e->cols[i];
			double off = col->sum * col->scale - (double)col->cost;

			if (off < 0)
				off = -off;
			if (off > worst)
				worst = off;
			if (col->sum > 0)
				col->scale = (double)col->cost / col->sum;
		}
		if (worst <= e->tau / BALANCE_TOLERANCE)
			break;
	}
	/* The rows last, so that each template gives exactly its weight. */
	double dsum = scaled_cost(e, all);

	for (size_t r = 0; r < e->ntmpls; r++) {
		struct tmpl *t = &e->tmpls[r];
		double row = template_row(e, t, dsum);

		t->u = row > 0 ? t->weight / row : 0;
	}
}

/* The frame of template node N under the packet whose frame is ENTRY
 * (STAMP: that packet's mark), made where needed. */
static size_t tnode_frame(struct est *e, size_t n, size_t entry, size_t stamp)
{
	size_t depth = 0;

	/* Up to the first node with a frame for this packet. */
	for (size_t u = n; u != NONE && e->tstamp[u] != stamp; u = e->tnodes[u].parent) {
		xgrow(&e->path, &e->path_cap, depth + 1, sizeof(*e->path));
		e->path[depth++] = u;
	}
	while (depth > 0) {
		size_t u = e->path[--depth], up = e->tnodes[u].parent;

		e->tframe[u] = up == NONE ? entry
					  : frame_get(e, e->tframe[up], e->tnodes[u].member, NULL);
		e->tstamp[u] = stamp;
	}
	return e->tframe[n];
}

/* Frame F, on ROW's way, claims X of column COL, as much as the column
 * has left; returns what it took. */
static double claim(struct est *e, size_t row, size_t f, size_t col, double x)
{
	double left = e->cols[col].left;

	if (x > left)
		x = left;
	if (x <= 0)
		return 0;
	take(e, row, f, col, x);
	return x;
}

/* The packet ROW (frame F) enters with BIG to be shared by template T:
 * its share of each leaf and of the spread, where that share carries
 * enough to be a stack of its own (proportional_part).  Returns what it
 * took. */
static double take_template(struct est *e, size_t row, size_t f, double big,
			    const struct tmpl *t, double all)
{
	double scale = big * t->u / t->weight, took = 0;
	size_t stamp = f + 1;

	for (size_t l = t->leaf_start; l < t->leaf_end; l++) {
		const struct leaf *lf = &e->leaves[l];
		double x = proportional_part(scale * lf->mass * e->cols[lf->col].scale,
					     e->tau / LEAF_PRUNE);

		if (x > 0)
			took += claim(e, row, tnode_frame(e, lf->tnode, f, stamp), lf->col, x);
	}
	/* The spread's columns, largest first, as far as they carry enough. */
	for (size_t k = 0; k < e->ncols && t->spread > 0; k++) {
		size_t i = e->spread_order[k];
		struct column *col = &e->cols[i];
		double x = proportional_part(scale * t->spread * (double)col->cost * col->scale / all,
					     e->tau);

		if (x <= 0)
			break;
		took += claim(e, row, route(e, f, col->member), i, x);
	}
	return took;
}

/* What is left of each column, filled from the pool in the columns'
 * order and the pieces' (the order their frames were made in): a piece
 * mostly fills one column, so that the stacks stay few, and orders that
 * do not depend on the costs make the filling move continuously with
 * them. */
static void fill_from_pool(struct est *e, double all)
{
	/* Below it an amount is what rounding left of nothing. */
	double eps = all * 1e-12;
	size_t i = 0, j = 0;

	while (i < e->npool && j < e->ncols) {
		struct piece *pc = &e->pool[i];
		double left = e->cols[j].left, x = pc->amount < left ? pc->amount : left;

		if (x > eps)
			take(e, pc->row, route(e, pc->entry, e->cols[j].member), j, x);
		else
			x = 0;
		pc->amount -= x;
		if (pc->amount <= eps)
			i++;
		if (left - x <= eps)
			j++;
	}
}

static struct keyed *keyed_room(struct est *e, size_t n)
{
	xgrow(&e->keyed, &e->keyed_cap, n, sizeof(*e->keyed));
	return e->keyed;
}

/* The packets of component C in an order of their stacks' names (a hash
 * of them): neither the costs nor where functions come in the profile
 * change it. */
static size_t sorted_packets(struct est *e, size_t c)
{
	size_t n = 0;

	for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next) {
		xgrow(&e->order, &e->order_cap, n + 1, sizeof(*e->order));
		e->order[n++] = f;
	}
	if (n > 1) {
		struct keyed *k = keyed_room(e, n);

		for (size_t i = 0; i < n; i++)
			k[i] = (struct keyed){ e->ef[e->order[i]].key, e->order[i] };
		keysort_indexes(e->keyed, n, e->order);
	}
	return n;
}

/* The real amounts of what enters component C made to add up to CAP, its
 * columns' costs: scaled down when more comes in (the excess of the calls
 * is in no stack), the rest put on a root frame when less; and the whole
 * counts likewise. */
static void fit_packets(struct est *e, size_t c, uint64_t cap)
{
	double in = 0;
	uint64_t iin = 0;

	for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next) {
		in += e->ef[f].amount;
		iin += e->ef[f].iamount;
	}
	if (in > (double)cap) {
		for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next)
			e->ef[f].amount *= (double)cap / in;
	} else if (in < (double)cap) {
		size_t f = deficit_frame(e, c);

		e->ef[f].amount += (double)cap - in;
	}
	if (iin > cap) {
		size_t n = 0, i = 0;
		uint64_t *w;
		cost_t *out;

		/* Counted now: the real amounts' deficit may have added a
		 * frame (of no whole count) to the packets. */
		for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next)
			n++;
		w = xcalloc_n(n, sizeof(*w));
		out = xcalloc_n(n, sizeof(*out));

		for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next)
			w[i++] = e->ef[f].iamount;
		cost_apportion((cost_t)cap, w, n, out);
		i = 0;
		for (size_t f = e->packets[c]; f != NONE; f = e->ef[f].next)
			e->ef[f].iamount = (uint64_t)out[i++];
		free(w);
		free(out);
	} else if (iin < cap) {
		size_t f = deficit_frame(e, c);

		e->ef[f].iamount += cap - iin;
	}
}

/* The whole counts of the component's cells: each packet's count shared
 * among its cells in proportion to their real amounts, rounded down, then
 * the units left given one at a time to the cells that lost the most to
 * rounding, where both their packet and their column still lack units;
 * any left after that are filled in the pool's order. */
static void whole_cells(struct est *e, size_t npackets)
{
	double *real = xcalloc_n(npackets, sizeof(*real));
	size_t n = e->ncells, m;

	xgrow(&e->rowleft, &e->rowleft_cap, npackets, sizeof(*e->rowleft));
	for (size_t i = 0; i < n; i++)
		real[e->cells[i].row] += e->cells[i].amount;
	for (size_t r = 0; r < npackets; r++)
		e->rowleft[r] = e->ef[e->order[r]].iamount;
	for (size_t i = 0; i < n; i++) {
		struct cell *cl = &e->cells[i];
		struct column *col = &e->cols[cl->col];
		double x = real[cl->row] > 0
			? cl->amount * (double)e->ef[e->order[cl->row]].iamount / real[cl->row] : 0;
		uint64_t w = x >= (double)UINT64_MAX ? UINT64_MAX : (uint64_t)x;

		if (w > col->ileft)
			w = col->ileft;
		if (w > e->rowleft[cl->row])
			w = e->rowleft[cl->row];
		cl->whole = w;
		cl->amount = x;        /* from now on: the share of the whole count */
		col->ileft -= w;
		e->rowleft[cl->row] -= w;
	}
	/* Only the cells of packets that still lack units can take one. */
	xgrow(&e->sorted, &e->sorted_cap, n, sizeof(*e->sorted));
	keyed_room(e, n);
	m = 0;
	for (size_t i = 0; i < n; i++) {
		const struct cell *cl = &e->cells[i];

		/* By the part rounding took, the largest first. */
		if (e->rowleft[cl->row] > 0 && cl->amount > (double)cl->whole)
			e->keyed[m++] = (struct keyed){ keysort_desc(cl->amount - (double)cl->whole), i };
	}
	keysort_indexes(e->keyed, m, e->sorted);
	for (size_t k = 0; k < m; k++) {
		struct cell *cl = &e->cells[e->sorted[k]];

		if (e->rowleft[cl->row] > 0 && e->cols[cl->col].ileft > 0) {
			cl->whole++;
			e->rowleft[cl->row]--;
			e->cols[cl->col].ileft--;
		}
	}
	free(real);
}

/* Give the whole counts of the cells to their frames, and what is left of
 * the packets and columns in the pool's order. */
static void apply_whole(struct est *e, size_t npackets)
{
	size_t i = 0, j = 0;

	for (size_t k = 0; k < e->ncells; k++) {
		const struct cell *cl = &e->cells[k];
		struct column *col = &e->cols[cl->col];
		size_t t;

		if (cl->whole == 0)
			continue;
		t = target_frame(e, cl->frame, col);
		if (col->call)
			e->ef[t].iamount += cl->whole;
		else
			e->ef[t].iself += cl->whole;
	}
	while (i < npackets && j < e->ncols) {
		uint64_t x = e->rowleft[i] < e->cols[j].ileft ? e->rowleft[i] : e->cols[j].ileft;

		if (x > 0) {
			size_t f = route(e, e->order[i], e->cols[j].member);
			size_t t = target_frame(e, f, &e->cols[j]);

			if (e->cols[j].call)
				e->ef[t].iamount += x;
			else
				e->ef[t].iself += x;
			e->rowleft[i] -= x;
			e->cols[j].ileft -= x;
		}
		if (e->rowleft[i] == 0)
			i++;
		if (e->cols[j].ileft == 0)
			j++;
	}
}

/* Share out what enters component C among its columns.  Each context
 * (packet) gives the part of it that carries at least tau (in part below
 * twice tau) to the columns in proportion: the template of its entry
 * member, balanced against the columns' costs, says how; what is left of
 * the columns is filled from the rest of the contexts, each keeping its
 * own stack. */
static void do_component(struct est *e, size_t c)
{
	const struct stack_graph *g = e->g;
	const size_t *members = g->member + g->comp_start[c];
	size_t nmembers = g->comp_start[c + 1] - g->comp_start[c], npackets;
	wide_t cap;
	double pool = 0;
	bool cyclic = false;

	for (size_t m = 0; m < nmembers; m++)
		for (size_t k = g->start[members[m]]; k < g->start[members[m] + 1]; k++)
			cyclic |= g->internal[k];
	cap = make_columns(e, members, nmembers);
	if (cap == 0)
		return;
	if (cap > UINT64_MAX)
		cap = UINT64_MAX;
	fit_packets(e, c, (uint64_t)cap);
	npackets = sorted_packets(e, c);
	e->npool = e->ntmpls = e->ntnodes = e->nleaves = e->ncells = 0;
	if (cyclic)
		e->via_hub = too_many_ways(e, c, nmembers);
	/* One template per member that proportional parts enter at. */
	for (size_t i = 0; i < npackets; i++) {
		size_t f = e->order[i], v = e->ef[f].node;
		double big = proportional_part(e->ef[f].amount, e->tau);

		pool += e->ef[f].amount - big;
		if (big <= 0)
			continue;
		if (e->tmpl_of[v] == NONE) {
			xgrow(&e->tmpls, &e->tmpls_cap, e->ntmpls + 1, sizeof(*e->tmpls));
			e->tmpl_of[v] = e->ntmpls;
			e->tmpls[e->ntmpls++] = (struct tmpl){ .member = v };
		}
		e->tmpls[e->tmpl_of[v]].weight += big;
	}
	for (size_t r = 0; r < e->ntmpls; r++) {
		struct tmpl *t = &e->tmpls[r];

		if (cyclic) {
			template_walk(e, t);
			continue;
		}
		/* One node, no way to choose: each column by its cost. */
		t->tnode_start = e->ntnodes;
		t->leaf_start = e->nleaves;
		tnode_add(e, NONE, t->member);
		for (size_t i = 0; i < e->ncols; i++)
			leaf_add(e, t->tnode_start, i, (double)e->cols[i].cost / (double)cap);
		t->spread = 0;
		t->tnode_end = e->ntnodes;
		t->leaf_end = e->nleaves;
	}
	if (cyclic && e->ntmpls > 0)
		balance(e, (double)cap, pool);
	else
		for (size_t r = 0; r < e->ntmpls; r++)
			e->tmpls[r].u = e->tmpls[r].weight;
	if (cyclic) {
		struct keyed *k = keyed_room(e, e->ncols);

		xgrow(&e->spread_order, &e->spread_cap, e->ncols, sizeof(*e->spread_order));
		for (size_t i = 0; i < e->ncols; i++)
			k[i] = (struct keyed){
				keysort_desc((double)e->cols[i].cost * e->cols[i].scale), i };
		keysort_indexes(e->keyed, e->ncols, e->spread_order);
	}
	xgrow(&e->tframe, &e->tframe_cap, e->ntnodes, sizeof(*e->tframe));
	e->tstamp = xreallocarray(e->tstamp, e->tframe_cap, sizeof(*e->tstamp));
	memset(e->tstamp, 0, e->ntnodes * sizeof(*e->tstamp));
	for (size_t i = 0; i < npackets; i++) {
		size_t f = e->order[i];
		double big = proportional_part(e->ef[f].amount, e->tau), took = 0;

		if (big > 0)
			took = take_template(e, i, f, big, &e->tmpls[e->tmpl_of[e->ef[f].node]],
					     (double)cap);
		if (e->ef[f].amount - took > 0) {
			xgrow(&e->pool, &e->pool_cap, e->npool + 1, sizeof(*e->pool));
			e->pool[e->npool++] = (struct piece){ i, f, e->ef[f].amount - took };
		}
	}
	for (size_t r = 0; r < e->ntmpls; r++)
		e->tmpl_of[e->tmpls[r].member] = NONE;
	fill_from_pool(e, (double)cap);
	whole_cells(e, npackets);
	apply_whole(e, npackets);
}

/* Share each node's self cost out among its frames by what they took of
 * it; a node with cost that no frame took gets a stack of its own. */
static void share_self(struct est *e)
{
	const struct stack_graph *g = e->g;
	size_t n = g->n, *start = xcalloc(n + 1, sizeof(*start)), *order, *fill;
	uint64_t *w;
	cost_t *share;

	for (size_t f = 0; f < e->nframes; f++)
		if (e->ef[f].iself > 0)
			start[e->ef[f].node + 1]++;
	for (size_t v = 0; v < n; v++)
		if (g->node[v] == v && e->self[v] > 0 && start[v + 1] == 0) {
			size_t f = frame_get(e, STACKS_ROOT, v, NULL);

			e->ef[f].iself = e->self[v];
			e->ef[f].selfamt = (double)e->self[v];
			start[v + 1] = 1;
		}
	for (size_t v = 0; v < n; v++)
		start[v + 1] += start[v];
	order = xcalloc_n(start[n], sizeof(*order));
	fill = xcalloc_n(n, sizeof(*fill));
	memcpy(fill, start, n * sizeof(*fill));
	xgrow(&e->frames, &e->frames_cap, e->nframes, sizeof(*e->frames));
	for (size_t f = 0; f < e->nframes; f++) {
		const struct eframe *ef = &e->ef[f];
		/* Without --focus every frame; with it those down from a
		 * match (a frame's parent is an earlier one). */
		bool shown = !e->p->focused || g->match[ef->node] ||
			     (ef->parent != STACKS_ROOT && e->frames[ef->parent].shown);

		e->frames[f] = (struct stack_frame){ ef->parent, e->p->func_list[ef->node], 0,
						     ef->selfamt, shown, (uint32_t)ef->node };
		if (ef->iself > 0)
			order[fill[ef->node]++] = f;
	}
	w = xcalloc_n(start[n], sizeof(*w));
	share = xcalloc_n(start[n], sizeof(*share));
	for (size_t v = 0; v < n; v++) {
		size_t a = start[v], b = start[v + 1];

		if (a == b)
			continue;
		for (size_t i = a; i < b; i++)
			w[i] = e->ef[order[i]].iself;
		cost_apportion((cost_t)e->self[v], w + a, b - a, share + a);
		for (size_t i = a; i < b; i++)
			e->frames[order[i]].count = share[i];
	}
	free(start);
	free(order);
	free(fill);
	free(w);
	free(share);
}

static void costs_of(struct est *e, size_t event)
{
	const struct profile *p = e->p;
	const struct stack_graph *g = e->g;
	size_t n = g->n, k = 0;
	uint64_t *in;

	e->self = xcalloc_n(n, sizeof(*e->self));
	e->weight = xcalloc_n(g->start[n], sizeof(*e->weight));
	e->holds = xcalloc_n(n, sizeof(*e->holds));
	e->reach = xcalloc_n(n, sizeof(*e->reach));
	for (size_t i = 0; i < n; i++) {
		const struct func *f = p->func_list[i];
		const cost_t *self = f->self;

		if (self != NULL && self[event] != COST_ABSENT && self[event] < 0)
			die(EXIT_INPUT, "%s: %s costs %s less than nothing: stacks need counts of 0 "
			    "or more (fold the profiles of a difference apart)", p->path,
			    f->fullname, p->events[event].name);
		if (self != NULL)
			e->self[g->node[i]] = clamp64((wide_t)e->self[g->node[i]] +
						      weight_of(self[event]));
		for (const struct edge *x = f->out; x; x = x->next_out, k++)
			if (g->edge_slot[k] != NONE)
				e->weight[g->edge_slot[k]] =
					clamp64((wide_t)e->weight[g->edge_slot[k]] +
						weight_of(edge_get(p, x, event)));
	}
	/* What a node holds, and what the calls from outside its component
	 * bring it: the larger, its inclusive cost as the function table
	 * shows it, is the most a call inside the component may carry into
	 * it (its recorded cost counts nested calls again at each level). */
	in = xcalloc_n(n, sizeof(*in));
	for (size_t v = 0; v < n; v++) {
		wide_t h = e->self[v];

		for (size_t s = g->start[v]; s < g->start[v + 1]; s++)
			if (!g->internal[s]) {
				h += e->weight[s];
				in[g->target[s]] = clamp64((wide_t)in[g->target[s]] + e->weight[s]);
			}
		e->holds[v] = clamp64(h);
	}
	for (size_t v = 0; v < n; v++)
		e->reach[v] = e->holds[v] > in[v] ? e->holds[v] : in[v];
	free(in);
}

/* One estimate with threshold E->tau; the number of stacks it makes. */
static size_t estimate(struct est *e)
{
	const struct stack_graph *g = e->g;
	size_t lines = 0;

	e->nframes = 0;
	e->steps = 0;
	memset(e->rstamp, 0, g->n * sizeof(*e->rstamp));
	memset(e->table, 0, (e->mask + 1) * sizeof(*e->table));
	for (size_t c = 0; c < g->ncomp; c++)
		e->packets[c] = NONE;
	for (size_t c = g->ncomp; c-- > 0;)
		do_component(e, c);
	share_self(e);
	for (size_t f = 0; f < e->nframes; f++)
		lines += e->frames[f].count != 0 || e->frames[f].exact > 0;
	return lines;
}

void stacks_estimate_on(struct stacks *s, struct stack_graph *g, const struct profile *p,
			size_t event)
{
	struct est e;
	wide_t all = 0;
	size_t needed = 0;

	memset(&e, 0, sizeof(e));
	e.g = g;
	e.p = p;
	costs_of(&e, event);
	for (size_t v = 0; v < g->n; v++)
		all += e.self[v];
	e.packets = xcalloc_n(g->ncomp, sizeof(*e.packets));
	e.onpath = xcalloc_n(g->n, sizeof(*e.onpath));
	e.rframe = xcalloc_n(g->n, sizeof(*e.rframe));
	e.rstamp = xcalloc_n(g->n, sizeof(*e.rstamp));
	e.waypos = xcalloc_n(g->n, sizeof(*e.waypos));
	e.col_of_self = xcalloc_n(g->n, sizeof(*e.col_of_self));
	e.col_of_call = xcalloc_n(g->start[g->n], sizeof(*e.col_of_call));
	e.tmpl_of = xcalloc_n(g->n, sizeof(*e.tmpl_of));
	for (size_t v = 0; v < g->n; v++)
		e.tmpl_of[v] = NONE;
	e.way_mark = NONE - 1;
	table_grow(&e);
	/* Each context of at least tau may go on as a stack of its own down
	 * to every function below it: where that makes too many, fewer
	 * contexts are split in proportion.  Every function with a cost of
	 * its own needs a stack whatever tau is: only those beyond count. */
	e.tau = (double)all / STACKS_PRUNE;
	for (size_t v = 0; v < g->n; v++)
		needed += g->node[v] == v && e.self[v] > 0;
	while (estimate(&e) > STACKS_MAX + needed && e.tau < (double)all / 4)
		e.tau *= 4;
	s->frames = e.frames;
	s->n = e.nframes;
	s->node = xcalloc_n(g->n, sizeof(*s->node));
	memcpy(s->node, g->node, g->n * sizeof(*s->node));
	free(e.self);
	free(e.weight);
	free(e.holds);
	free(e.reach);
	free(e.ef);
	free(e.cells);
	free(e.rowleft);
	free(e.sorted);
	free(e.packets);
	free(e.table);
	free(e.onpath);
	free(e.rframe);
	free(e.rstamp);
	free(e.waypos);
	free(e.path);
	free(e.pool);
	free(e.cols);
	free(e.col_of_self);
	free(e.col_of_call);
	free(e.tmpls);
	free(e.tmpl_of);
	free(e.tnodes);
	free(e.leaves);
	free(e.tframe);
	free(e.tstamp);
	free(e.order);
	free(e.spread_order);
	free(e.keyed);
}

void stacks_estimate(struct stacks *s, const struct profile *p, size_t event)
{
	struct stack_graph *g = stack_graph_new(p);

	stacks_estimate_on(s, g, p, event);
	stack_graph_free(g);
}

void stacks_release(struct stacks *s)
{
	free(s->frames);
	free(s->node);
	memset(s, 0, sizeof(*s));
}

cost_t *stacks_widths(const struct stacks *s)
{
	cost_t *w = xcalloc_n(s->n, sizeof(*w));

	for (size_t f = s->n; f-- > 0;) {
		w[f] += s->frames[f].count;
		if (s->frames[f].parent != STACKS_ROOT)
			w[s->frames[f].parent] += w[f];
	}
	return w;
}
