#include "calc-stacks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "calc-scc.h"
#include "diag.h"
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

/* Whether some other node calls node R, or it is entered from outside
 * the listed calls (--hide gave it calls of a function nobody calls). */
static bool *called_nodes(const struct profile *p, const size_t *node)
{
	bool *called = xcalloc_n(p->nfuncs, sizeof(*called));

	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *f = p->func_list[i];

		if (f->called != NULL && f->in == NULL)
			called[node[i]] = true;
		for (const struct edge *e = f->out; e; e = e->next_out)
			if (node[e->key.callee->index] != node[i])
				called[node[e->key.callee->index]] = true;
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

static void add_sat(uint64_t *sum, cost_t c)
{
	if (c > 0)
		*sum += (uint64_t)c > UINT64_MAX - *sum ? UINT64_MAX - *sum : (uint64_t)c;
}

/* Callgrind files code reached by a jump from one function into another
 * part of it (a tail call, a function split by the compiler) under another
 * file name, as a function nobody calls; the one that is called records its
 * cost in the calls made to it, which then carry more than it spends
 * itself and in its calls.  Such a function is held by the called function
 * of its name whose calls in carry more than it spends, the costliest if
 * there are several; a function nobody calls that has no such namesake (a
 * root, a thread's start routine) stays a function of its own. */
static void hold_jumped_into(const struct profile *p, size_t *node)
{
	size_t n = p->nfuncs, ncalled = 0;
	bool *called = called_nodes(p, node);
	struct named *byname = xcalloc_n(n, sizeof(*byname));
	uint64_t *inflow = xcalloc_n(n, sizeof(*inflow));
	uint64_t *spent = xcalloc_n(n, sizeof(*spent));

	for (size_t i = 0; i < n && p->nevents > 0; i++) {
		const struct func *f = p->func_list[i];

		if (f->self != NULL)
			add_sat(&spent[node[i]], f->self[0]);
		for (const struct edge *e = f->in; e; e = e->next_in)
			if (node[e->key.caller->index] != node[i])
				add_sat(&inflow[node[i]], edge_get(p, e, 0));
		for (const struct edge *e = f->out; e; e = e->next_out)
			if (node[e->key.callee->index] != node[i])
				add_sat(&spent[node[i]], edge_get(p, e, 0));
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

/* Each node's calls, merged by callee, without calls to itself; and the
 * slot of every edge. */
static void graph_slots(struct stack_graph *g, const struct profile *p)
{
	size_t n = g->n, *fill, nslots = 0, k = 0;
	size_t *raw;

	g->start = xcalloc(n + 1, sizeof(*g->start));
	g->nedges = 0;
	for (size_t i = 0; i < n; i++) {
		g->start[g->node[i] + 1] += p->func_list[i]->nout;
		g->nedges += p->func_list[i]->nout;
	}
	for (size_t v = 0; v < n; v++)
		g->start[v + 1] += g->start[v];
	raw = xcalloc_n(g->nedges, sizeof(*raw));
	fill = xcalloc_n(n, sizeof(*fill));
	memcpy(fill, g->start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out)
			raw[fill[g->node[i]]++] = g->node[e->key.callee->index];
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
	g->edge_slot = xcalloc_n(g->nedges, sizeof(*g->edge_slot));
	for (size_t i = 0; i < n; i++) {
		size_t v = g->node[i];

		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out) {
			size_t t = g->node[e->key.callee->index], *hit;

			hit = t == v ? NULL : bsearch(&t, g->target + g->start[v],
						      g->start[v + 1] - g->start[v],
						      sizeof(*g->target), size_cmp);
			g->edge_slot[k++] = hit ? (size_t)(hit - g->target) : NONE;
		}
	}
	free(raw);
	free(fill);
}

static void graph_components(struct stack_graph *g)
{
	size_t n = g->n, *fill;

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
		if (g->node[v] == v) {
			g->pos[v] = fill[g->comp[v]] - g->comp_start[g->comp[v]];
			g->member[fill[g->comp[v]]++] = v;
		}
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
		for (size_t k = g->start[v]; k < g->start[v + 1]; k++)
			if (g->internal[k]) {
				g->inside_pos[j] = (uint32_t)g->pos[g->target[k]];
				g->inside[j++] = g->target[k];
			}
	free(fill);
}

struct stack_graph *stack_graph_new(const struct profile *p)
{
	struct stack_graph *g = xcalloc(1, sizeof(*g));

	g->n = p->nfuncs;
	g->node = cycles_hosts(p);
	hold_jumped_into(p, g->node);
	graph_slots(g, p);
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

struct claim {
	size_t frame;              /* where the cost is taken */
	size_t entry;              /* the frame through which it entered the component */
	size_t target;             /* a node (its self cost) or a slot (a call out) */
	bool call;                 /* TARGET is a slot */
	uint64_t amount;
};

struct piece {
	size_t entry;
	uint64_t amount;
};

struct want {
	size_t target;
	bool call;
	uint64_t amount;
};

struct est {
	struct stack_graph *g;
	const struct profile *p;
	uint64_t *self;            /* by node */
	uint64_t *weight;          /* by slot: the call's cost */
	uint64_t *holds;           /* by node: its self cost and its calls out of its component */
	uint64_t tau;              /* contexts below it are not split in proportion */
	struct stack_frame *frames;
	size_t nframes, cap;
	size_t *fnode;             /* by frame: its node */
	uint64_t *amount;          /* by frame: the cost that entered it */
	uint64_t *selfamt;         /* by frame: its part of its node's self cost */
	size_t *next;              /* by frame: the next packet of its component */
	size_t *packets;           /* by component: its first packet (entry frame) */
	uint32_t *table;           /* 1 + frames by (parent, node), open addressing */
	size_t mask;
	uint64_t *rem_self;        /* by node, while its component is worked on */
	uint64_t *rem_call;        /* by slot */
	wide_t *sum_self;          /* by node: what the claims take (0 between uses) */
	wide_t *sum_call;          /* by slot */
	bool via_hub;              /* the component's ways go through its hub */
	size_t way_mark;           /* marks in onpath of the nodes of a way */
	size_t *waypos;            /* by node: its place on the way */
	size_t *path;
	size_t path_cap;
	size_t *onpath;            /* by node: 1 + the walk it is on the path of */
	struct claim *claims;
	size_t nclaims, claims_cap;
	struct piece *pool;
	size_t npool, pool_cap;
	uint64_t *shares;
	size_t shares_cap;
};

static uint64_t clamp64(wide_t v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

static uint64_t weight_of(cost_t c)
{
	return c <= 0 ? 0 : (uint64_t)c;   /* COST_ABSENT is negative */
}

static size_t frame_hash(size_t parent, size_t node)
{
	uint64_t h = (uint64_t)parent * 0x9e3779b97f4a7c15u ^ (uint64_t)node * 0xc2b2ae3d27d4eb4fu;

	return (size_t)(h ^ (h >> 29));
}

static void table_grow(struct est *e)
{
	size_t n = e->mask ? 2 * (e->mask + 1) : (size_t)1 << 16;

	free(e->table);
	e->table = xcalloc(n, sizeof(*e->table));
	e->mask = n - 1;
	for (size_t f = 0; f < e->nframes; f++) {
		size_t i = frame_hash(e->frames[f].parent, e->fnode[f]) & e->mask;

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
		e->frames = xreallocarray(e->frames, e->cap, sizeof(*e->frames));
		e->fnode = xreallocarray(e->fnode, e->cap, sizeof(*e->fnode));
		e->amount = xreallocarray(e->amount, e->cap, sizeof(*e->amount));
		e->selfamt = xreallocarray(e->selfamt, e->cap, sizeof(*e->selfamt));
		e->next = xreallocarray(e->next, e->cap, sizeof(*e->next));
	}
	e->frames[f] = (struct stack_frame){ parent, e->p->func_list[node], 0, true };
	e->fnode[f] = node;
	e->amount[f] = e->selfamt[f] = 0;
	e->next[f] = NONE;
	return f;
}

/* The frame for NODE called from frame PARENT, made if new (*MADE). */
static size_t frame_get(struct est *e, size_t parent, size_t node, bool *made)
{
	size_t i, f;

	if (2 * (e->nframes + 1) > e->mask)
		table_grow(e);
	for (i = frame_hash(parent, node) & e->mask; e->table[i] != 0; i = (i + 1) & e->mask) {
		f = e->table[i] - 1;
		if (e->frames[f].parent == parent && e->fnode[f] == node) {
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

static uint64_t *shares_for(struct est *e, size_t n)
{
	xgrow(&e->shares, &e->shares_cap, 2 * n + 1, sizeof(*e->shares));
	return e->shares;
}

/* Split X into N shares (OUT) in proportion to the weights W (not all 0):
 * each rounded down, and what that leaves (less than N) one unit each to
 * the first shares that were rounded, so that the shares add up to X and
 * none exceeds its exact value rounded up. */
static void apportion(uint64_t x, const uint64_t *w, size_t n, uint64_t *out)
{
	wide_t sum = 0, given = 0;
	uint64_t left;

	for (size_t i = 0; i < n; i++)
		sum += w[i];
	if (sum == 0) {
		memset(out, 0, n * sizeof(*out));
		return;
	}
	for (size_t i = 0; i < n; i++) {
		out[i] = (uint64_t)((wide_t)x * w[i] / sum);
		given += out[i];
	}
	left = (uint64_t)(x - given);
	for (size_t i = 0; i < n && left > 0; i++)
		if ((wide_t)x * w[i] % sum != 0) {
			out[i]++;
			left--;
		}
}

static void claim_add(struct est *e, size_t frame, size_t entry, size_t target, bool call,
		      uint64_t amount)
{
	if (amount == 0)
		return;
	xgrow(&e->claims, &e->claims_cap, e->nclaims + 1, sizeof(*e->claims));
	e->claims[e->nclaims++] = (struct claim){ frame, entry, target, call, amount };
}

static void pool_add(struct est *e, size_t entry, uint64_t amount)
{
	if (amount == 0)
		return;
	xgrow(&e->pool, &e->pool_cap, e->npool + 1, sizeof(*e->pool));
	e->pool[e->npool++] = (struct piece){ entry, amount };
}

/* Frame F takes AMOUNT of TARGET: its node's self cost, or a call out of
 * its component, which makes (or adds to) the frame of the callee. */
static void take(struct est *e, size_t f, size_t target, bool call, uint64_t amount)
{
	const struct stack_graph *g = e->g;
	size_t t, child;
	bool made;

	if (!call) {
		e->selfamt[f] += amount;
		return;
	}
	t = g->target[target];
	child = frame_get(e, f, t, &made);
	e->amount[child] = clamp64((wide_t)e->amount[child] + amount);
	if (made) {
		e->next[child] = e->packets[g->comp[t]];
		e->packets[g->comp[t]] = child;
	}
}

struct step {
	size_t frame;
	bool leave;                /* its callees are done: take its node off the path */
};

/* Follow the context ENTRY (at least tau) into its component: at each
 * frame, split what reaches it in proportion among its node's self cost,
 * its calls out of the component and its calls to nodes of the component
 * not on the stack (each carrying at most what its callee holds, since the
 * recorded cost of a call inside a cycle counts nested calls again), and
 * go on along the calls whose share reaches tau.  Shares of calls below
 * tau go to the pool. */
static void walk(struct est *e, size_t entry, size_t mark)
{
	struct stack_graph *g = e->g;
	struct step *stack = NULL;
	size_t cap = 0, sp = 0;

	xgrow(&stack, &cap, 1, sizeof(*stack));
	stack[sp++] = (struct step){ entry, false };
	while (sp > 0) {
		struct step st = stack[--sp];
		size_t f = st.frame, v = e->fnode[f], a = g->start[v], b = g->start[v + 1], nw = 0;
		uint64_t *w, *out;

		if (st.leave) {
			e->onpath[v] = 0;
			continue;
		}
		e->onpath[v] = mark;
		w = shares_for(e, b - a + 1);
		out = w + (b - a + 1);
		w[nw++] = e->self[v];
		for (size_t k = a; k < b; k++) {
			size_t t = g->target[k];

			if (!g->internal[k])
				w[nw++] = e->weight[k];
			else if (e->onpath[t] == mark)
				w[nw++] = 0;
			else
				w[nw++] = e->weight[k] < e->holds[t] ? e->weight[k] : e->holds[t];
		}
		apportion(e->amount[f], w, nw, out);
		claim_add(e, f, entry, v, false, out[0]);
		xgrow(&stack, &cap, sp + (b - a) + 1, sizeof(*stack));
		stack[sp++] = (struct step){ f, true };
		for (size_t k = a; k < b; k++) {
			uint64_t x = out[1 + k - a];
			size_t child;

			if (x < e->tau) {
				pool_add(e, entry, x);
			} else if (!g->internal[k]) {
				claim_add(e, f, entry, k, true, x);
			} else {
				child = frame_get(e, f, g->target[k], NULL);
				e->amount[child] = x;
				stack[sp++] = (struct step){ child, false };
			}
		}
	}
	free(stack);
}

static uint64_t *cap_of(struct est *e, bool call)
{
	return call ? e->rem_call : e->rem_self;
}

/* Inside a cycle the walks follow estimates: where they gave a target more
 * than it has, every claim on it is cut in proportion and what is cut goes
 * back to the pool of its context (what rounding leaves of the target, the
 * pool fills). */
static void reconcile(struct est *e)
{
	wide_t *sum_self = e->sum_self, *sum_call = e->sum_call;

	for (size_t i = 0; i < e->nclaims; i++) {
		const struct claim *c = &e->claims[i];

		(c->call ? sum_call : sum_self)[c->target] += c->amount;
	}
	for (size_t i = 0; i < e->nclaims; i++) {
		struct claim *c = &e->claims[i];
		wide_t sum = (c->call ? sum_call : sum_self)[c->target];
		uint64_t have = cap_of(e, c->call)[c->target], was = c->amount;

		if (sum <= have)
			continue;
		c->amount = (uint64_t)((wide_t)was * have / sum);
		pool_add(e, c->entry, was - c->amount);
	}
	for (size_t i = 0; i < e->nclaims; i++)
		(e->claims[i].call ? sum_call : sum_self)[e->claims[i].target] = 0;
}

/* The nodes of a way from M to V through their component, M excluded, in
 * *PATH: the shortest one, or through the component's hub (with any loop
 * taken out).  Returns its length. */
static size_t way(struct est *e, size_t m, size_t v, size_t **path, size_t *cap)
{
	struct stack_graph *g = e->g;
	size_t n = 0;

	if (!e->via_hub) {
		const uint32_t *parent = route_from(g, m, v);
		const size_t *members = g->member + g->comp_start[g->comp[m]];
		uint32_t pm = (uint32_t)g->pos[m];

		for (uint32_t u = (uint32_t)g->pos[v]; u != pm; u = parent[u])
			n++;
		xgrow(path, cap, n, sizeof(**path));
		for (uint32_t u = (uint32_t)g->pos[v], d = (uint32_t)n; u != pm; u = parent[u])
			(*path)[--d] = members[u];
		return n;
	}
	size_t h = hub_of(g, g->comp[m]), back = 0;

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

/* The frame of node V on a way from ENTRY's node through their
 * component, made where needed. */
static size_t route(struct est *e, size_t entry, size_t v)
{
	size_t m = e->fnode[entry], f = entry, n;

	if (m == v)
		return entry;
	n = way(e, m, v, &e->path, &e->path_cap);
	for (size_t d = 0; d < n; d++)
		f = frame_get(e, f, e->path[d], NULL);
	return f;
}

/* Fill what the claims left of each target from the pool, in the order
 * both came (the component's contexts, the calls by callee): a piece
 * mostly fills one target, so that the stacks stay few. */
static void fill_from_pool(struct est *e, const size_t *members, size_t nmembers)
{
	const struct stack_graph *g = e->g;
	struct want *wants = NULL;
	size_t nwants = 0, cap = 0, i = 0, j = 0;

	for (size_t m = 0; m < nmembers; m++) {
		size_t v = members[m];

		xgrow(&wants, &cap, nwants + 1 + g->start[v + 1] - g->start[v], sizeof(*wants));
		if (e->rem_self[v] > 0)
			wants[nwants++] = (struct want){ v, false, e->rem_self[v] };
		for (size_t k = g->start[v]; k < g->start[v + 1]; k++)
			if (!g->internal[k] && e->rem_call[k] > 0)
				wants[nwants++] = (struct want){ k, true, e->rem_call[k] };
	}
	while (i < e->npool && j < nwants) {
		struct piece *pc = &e->pool[i];
		struct want *w = &wants[j];
		uint64_t x = pc->amount < w->amount ? pc->amount : w->amount;
		size_t f = route(e, pc->entry, w->call ? g->caller[w->target] : w->target);

		take(e, f, w->target, w->call, x);
		pc->amount -= x;
		w->amount -= x;
		if (pc->amount == 0)
			i++;
		if (w->amount == 0)
			j++;
	}
	free(wants);
}

/* The context that nobody's calls account for: a root frame of the
 * member that holds the most. */
static void add_deficit(struct est *e, size_t c, uint64_t deficit)
{
	const struct stack_graph *g = e->g;
	size_t best = g->member[g->comp_start[c]], f;
	bool made;

	for (size_t k = g->comp_start[c]; k < g->comp_start[c + 1]; k++)
		if (e->holds[g->member[k]] > e->holds[best])
			best = g->member[k];
	f = frame_get(e, STACKS_ROOT, best, &made);
	e->amount[f] = clamp64((wide_t)e->amount[f] + deficit);
	if (made) {
		e->next[f] = e->packets[c];
		e->packets[c] = f;
	}
}

/* Scale the packets of component C to add up to CAP (not all 0). */
static void scale_packets(struct est *e, size_t c, uint64_t cap, size_t npackets)
{
	uint64_t *w = shares_for(e, npackets), *out = w + npackets;
	size_t i = 0;

	for (size_t f = e->packets[c]; f != NONE; f = e->next[f])
		w[i++] = e->amount[f];
	apportion(cap, w, npackets, out);
	i = 0;
	for (size_t f = e->packets[c]; f != NONE; f = e->next[f])
		e->amount[f] = out[i++];
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
	for (size_t f = e->packets[c]; f != NONE; f = e->next[f])
		if (e->onpath[e->fnode[f]] != e->way_mark) {
			e->onpath[e->fnode[f]] = e->way_mark;
			entries++;
		}
	e->way_mark--;
	return entries > ROUTE_BUDGET / steps;
}

static void do_component(struct est *e, size_t c)
{
	const struct stack_graph *g = e->g;
	const size_t *members = g->member + g->comp_start[c];
	size_t nmembers = g->comp_start[c + 1] - g->comp_start[c], npackets = 0;
	wide_t cap = 0, in = 0;
	bool cyclic = false;

	for (size_t m = 0; m < nmembers; m++) {
		size_t v = members[m];

		cap += e->holds[v];
		e->rem_self[v] = e->self[v];
		for (size_t k = g->start[v]; k < g->start[v + 1]; k++) {
			e->rem_call[k] = g->internal[k] ? 0 : e->weight[k];
			cyclic |= g->internal[k];
		}
	}
	for (size_t f = e->packets[c]; f != NONE; f = e->next[f]) {
		in += e->amount[f];
		npackets++;
	}
	if (cap == 0)
		return;
	if (cap > UINT64_MAX)
		cap = UINT64_MAX;
	if (in > cap)
		scale_packets(e, c, (uint64_t)cap, npackets);
	else if (in < cap)
		add_deficit(e, c, (uint64_t)(cap - in));
	e->nclaims = e->npool = 0;
	if (cyclic)
		e->via_hub = too_many_ways(e, c, nmembers);
	for (size_t f = e->packets[c]; f != NONE; f = e->next[f]) {
		if (e->amount[f] >= e->tau)
			walk(e, f, f + 1);
		else
			pool_add(e, f, e->amount[f]);
	}
	if (cyclic)
		reconcile(e);
	for (size_t i = 0; i < e->nclaims; i++) {
		struct claim *cl = &e->claims[i];
		uint64_t *rem = &cap_of(e, cl->call)[cl->target];
		uint64_t x = cl->amount < *rem ? cl->amount : *rem;

		/* Rounding in a cut may leave a claim a unit over. */
		if (x < cl->amount)
			pool_add(e, cl->entry, cl->amount - x);
		*rem -= x;
		take(e, cl->frame, cl->target, cl->call, x);
	}
	fill_from_pool(e, members, nmembers);
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
		if (e->selfamt[f] > 0)
			start[e->fnode[f] + 1]++;
	for (size_t v = 0; v < n; v++)
		if (g->node[v] == v && e->self[v] > 0 && start[v + 1] == 0) {
			size_t f = frame_get(e, STACKS_ROOT, v, NULL);

			e->selfamt[f] = e->self[v];
			start[v + 1] = 1;
		}
	for (size_t v = 0; v < n; v++)
		start[v + 1] += start[v];
	order = xcalloc_n(start[n], sizeof(*order));
	fill = xcalloc_n(n, sizeof(*fill));
	memcpy(fill, start, n * sizeof(*fill));
	for (size_t f = 0; f < e->nframes; f++)
		if (e->selfamt[f] > 0)
			order[fill[e->fnode[f]]++] = f;
	w = xcalloc_n(start[n], sizeof(*w));
	share = xcalloc_n(start[n], sizeof(*share));
	for (size_t v = 0; v < n; v++) {
		size_t a = start[v], b = start[v + 1];

		if (a == b)
			continue;
		for (size_t i = a; i < b; i++)
			w[i] = e->selfamt[order[i]];
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

	e->self = xcalloc_n(n, sizeof(*e->self));
	e->weight = xcalloc_n(g->start[n], sizeof(*e->weight));
	e->holds = xcalloc_n(n, sizeof(*e->holds));
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
	for (size_t v = 0; v < n; v++) {
		wide_t h = e->self[v];

		for (size_t s = g->start[v]; s < g->start[v + 1]; s++)
			if (!g->internal[s])
				h += e->weight[s];
		e->holds[v] = clamp64(h);
	}
}

/* One estimate with threshold E->tau; the number of stacks it makes. */
static size_t estimate(struct est *e)
{
	const struct stack_graph *g = e->g;
	size_t lines = 0;

	e->nframes = 0;
	memset(e->table, 0, (e->mask + 1) * sizeof(*e->table));
	for (size_t c = 0; c < g->ncomp; c++)
		e->packets[c] = NONE;
	for (size_t c = g->ncomp; c-- > 0;)
		do_component(e, c);
	share_self(e);
	for (size_t f = 0; f < e->nframes; f++)
		lines += e->frames[f].count != 0;
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
	e.rem_self = xcalloc_n(g->n, sizeof(*e.rem_self));
	e.rem_call = xcalloc_n(g->start[g->n], sizeof(*e.rem_call));
	e.onpath = xcalloc_n(g->n, sizeof(*e.onpath));
	e.sum_self = xcalloc_n(g->n, sizeof(*e.sum_self));
	e.sum_call = xcalloc_n(g->start[g->n], sizeof(*e.sum_call));
	e.waypos = xcalloc_n(g->n, sizeof(*e.waypos));
	e.way_mark = NONE - 1;
	table_grow(&e);
	/* Each context of at least tau may go on as a stack of its own down
	 * to every function below it: where that makes too many, fewer
	 * contexts are split in proportion.  Every function with a cost of
	 * its own needs a stack whatever tau is: only those beyond count. */
	e.tau = clamp64((all + STACKS_PRUNE - 1) / STACKS_PRUNE);
	if (e.tau == 0)
		e.tau = 1;
	for (size_t v = 0; v < g->n; v++)
		needed += g->node[v] == v && e.self[v] > 0;
	while (estimate(&e) > STACKS_MAX + needed && e.tau < all / 4)
		e.tau *= 4;
	for (size_t f = 0; f < e.nframes; f++) {
		size_t up = e.frames[f].parent;

		e.frames[f].shown = !p->focused || g->match[e.fnode[f]] ||
				    (up != STACKS_ROOT && e.frames[up].shown);
	}
	s->frames = e.frames;
	s->n = e.nframes;
	s->node = xcalloc_n(g->n, sizeof(*s->node));
	memcpy(s->node, g->node, g->n * sizeof(*s->node));
	free(e.self);
	free(e.weight);
	free(e.holds);
	free(e.fnode);
	free(e.amount);
	free(e.selfamt);
	free(e.next);
	free(e.packets);
	free(e.table);
	free(e.rem_self);
	free(e.rem_call);
	free(e.onpath);
	free(e.sum_self);
	free(e.sum_call);
	free(e.waypos);
	free(e.path);
	free(e.claims);
	free(e.pool);
	free(e.shares);
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
