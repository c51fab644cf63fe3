#include "calc-stacks.h"

#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "diag.h"
#include "xalloc.h"

typedef unsigned __int128 wide_t;

/* The call graph of one event, functions numbered as in the profile; only
 * representatives (host functions) have costs and calls. */
struct graph {
	size_t n;
	struct cycles cy;
	uint64_t *self;            /* the event's self cost, inlined code included */
	bool *match;               /* the function or code inlined into it matches --focus */
	uint64_t *entry;           /* the cost of calls into it from outside the graph */
	size_t *start;             /* calls of v: target[start[v] .. start[v + 1]) */
	size_t *target;            /* callees, ascending, no function calling itself */
	uint64_t *weight;          /* what each call carries down */
};

/* The walk's frames, with what the estimate needs beside the result. */
struct walk {
	const struct graph *g;
	struct stack_frame *frames;
	uint64_t *amount;          /* the cost that reaches the frame */
	uint64_t *self_weight;     /* the part of it that is the function's own */
	size_t n, cap;
	uint64_t threshold;        /* frames below it are not followed */
	bool *has_frame;           /* by function */
	bool *has_best;            /* a pruned way down to the function was seen */
	size_t *best_parent;       /* the costliest of those: the frame it comes from */
	uint64_t *best_amount;     /* and its cost */
	size_t *stamp;             /* on the stack of frame STAMP[v] - 1 */
};

static uint64_t clamp64(wide_t v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* C as a weight: absent and negative counts weigh nothing. */
static uint64_t weight_of(cost_t c)
{
	return c <= 0 ? 0 : (uint64_t)c;   /* COST_ABSENT is negative */
}

static uint64_t count_of(const cost_t *v, size_t event)
{
	return v == NULL ? 0 : weight_of(v[event]);
}

struct call {
	size_t target;
	uint64_t weight;
};

static int call_cmp(const void *a, const void *b)
{
	const struct call *x = a, *y = b;

	return (x->target > y->target) - (x->target < y->target);
}

/* Each representative's calls, by callee, those of its inlined code merged in. */
static void graph_calls(struct graph *g, const struct profile *p, size_t event)
{
	size_t n = g->n, ncalls = 0, *fill;
	struct call *calls;

	g->start = xcalloc(n + 1, sizeof(*g->start));
	for (size_t i = 0; i < n; i++)
		g->start[g->cy.rep[i] + 1] += p->func_list[i]->nout;
	for (size_t v = 0; v < n; v++)
		g->start[v + 1] += g->start[v];
	calls = xmalloc((g->start[n] ? g->start[n] : 1) * sizeof(*calls));
	fill = xmalloc((n ? n : 1) * sizeof(*fill));
	memcpy(fill, g->start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out) {
			size_t v = g->cy.rep[i];

			calls[fill[v]].target = g->cy.rep[e->key.callee->index];
			calls[fill[v]++].weight = weight_of(edge_get(p, e, event));
		}
	g->target = xmalloc((g->start[n] ? g->start[n] : 1) * sizeof(*g->target));
	g->weight = xmalloc((g->start[n] ? g->start[n] : 1) * sizeof(*g->weight));
	for (size_t v = 0; v < n; v++) {
		size_t a = g->start[v], b = g->start[v + 1];

		g->start[v] = ncalls;
		qsort(calls + a, b - a, sizeof(*calls), call_cmp);
		for (size_t k = a; k < b; k++) {
			if (calls[k].target == v)
				continue;
			if (ncalls > g->start[v] && g->target[ncalls - 1] == calls[k].target) {
				g->weight[ncalls - 1] = clamp64((wide_t)g->weight[ncalls - 1] +
								calls[k].weight);
				continue;
			}
			g->target[ncalls] = calls[k].target;
			g->weight[ncalls++] = calls[k].weight;
		}
	}
	g->start[n] = ncalls;
	free(calls);
	free(fill);
}

/* A call into a cycle from inside it records the nested calls again and
 * again (fib -> fib: many times the total).  It carries at most what its
 * callee holds: its own cost and its calls out of the cycle. */
static void graph_cycle_weights(struct graph *g)
{
	uint64_t *holds = xmalloc((g->n ? g->n : 1) * sizeof(*holds));

	for (size_t v = 0; v < g->n; v++) {
		wide_t sum = g->self[v];

		for (size_t k = g->start[v]; k < g->start[v + 1]; k++)
			if (g->cy.comp[g->target[k]] != g->cy.comp[v])
				sum += g->weight[k];
		holds[v] = clamp64(sum);
	}
	for (size_t v = 0; v < g->n; v++)
		for (size_t k = g->start[v]; k < g->start[v + 1]; k++) {
			size_t t = g->target[k];

			if (g->cy.comp[t] == g->cy.comp[v] && g->weight[k] > holds[t])
				g->weight[k] = holds[t];
		}
	free(holds);
}

/* What a function was called for beyond the calls listed: calls from
 * functions --hide took out that had no caller to give them to. */
static void graph_entries(struct graph *g, const struct profile *p, size_t event)
{
	wide_t *listed = xcalloc(g->n ? g->n : 1, sizeof(*listed));
	wide_t *called = xcalloc(g->n ? g->n : 1, sizeof(*called));

	for (size_t i = 0; i < g->n; i++) {
		const struct func *f = p->func_list[i];

		called[g->cy.rep[i]] += count_of(f->called, event);
		for (const struct edge *e = f->out; e; e = e->next_out)
			listed[g->cy.rep[e->key.callee->index]] += weight_of(edge_get(p, e, event));
	}
	g->entry = xcalloc(g->n ? g->n : 1, sizeof(*g->entry));
	for (size_t v = 0; v < g->n; v++)
		if (called[v] > listed[v])
			g->entry[v] = clamp64(called[v] - listed[v]);
	free(listed);
	free(called);
}

static void graph_build(struct graph *g, struct profile *p, size_t event)
{
	size_t n = p->nfuncs;

	memset(g, 0, sizeof(*g));
	g->n = n;
	cycles_find(&g->cy, p);
	g->self = xcalloc(n ? n : 1, sizeof(*g->self));
	g->match = xcalloc(n ? n : 1, sizeof(*g->match));
	for (size_t i = 0; i < n; i++) {
		size_t v = g->cy.rep[i];
		const cost_t *self = p->func_list[i]->self;

		if (self != NULL && self[event] != COST_ABSENT && self[event] < 0)
			die(EXIT_INPUT, "%s: %s costs %s less than nothing: stacks need counts of 0 "
			    "or more (fold the profiles of a difference apart)", p->path,
			    p->func_list[i]->fullname, p->events[event].name);
		g->self[v] = clamp64((wide_t)g->self[v] + count_of(self, event));
		g->match[v] |= p->func_list[i]->focus_match;
	}
	graph_calls(g, p, event);
	graph_cycle_weights(g);
	graph_entries(g, p, event);
}

static void graph_release(struct graph *g)
{
	cycles_release(&g->cy);
	free(g->self);
	free(g->match);
	free(g->entry);
	free(g->start);
	free(g->target);
	free(g->weight);
}

/* Where the walks start, and with what: in each component of the call
 * graph that nothing outside it calls, its costliest function, with all it
 * holds (a function nobody calls is such a component by itself); and any
 * other function entered from outside the graph, with what that cost. */
static size_t *find_roots(const struct graph *g, size_t *nroots, uint64_t **amount)
{
	size_t n = g->n, ncomp = g->cy.ncomp;
	bool *called = xcalloc(ncomp ? ncomp : 1, sizeof(*called));
	size_t *pick = xmalloc((ncomp ? ncomp : 1) * sizeof(*pick));
	uint64_t *best = xcalloc(ncomp ? ncomp : 1, sizeof(*best));
	uint64_t *holds = xcalloc(n ? n : 1, sizeof(*holds));
	size_t *roots = xmalloc((n ? n : 1) * sizeof(*roots));

	*amount = xmalloc((n ? n : 1) * sizeof(**amount));
	for (size_t c = 0; c < ncomp; c++)
		pick[c] = (size_t)-1;
	for (size_t v = 0; v < n; v++) {
		wide_t sum = g->self[v];

		for (size_t k = g->start[v]; k < g->start[v + 1]; k++) {
			sum += g->weight[k];
			if (g->cy.comp[g->target[k]] != g->cy.comp[v])
				called[g->cy.comp[g->target[k]]] = true;
		}
		holds[v] = clamp64(sum);
	}
	for (size_t v = 0; v < n; v++) {
		size_t c = g->cy.comp[v];

		if (g->cy.rep[v] != v || called[c])
			continue;
		if (pick[c] == (size_t)-1 || holds[v] > best[c]) {
			pick[c] = v;
			best[c] = holds[v];
		}
	}
	*nroots = 0;
	for (size_t v = 0; v < n; v++) {
		if (g->cy.rep[v] != v)
			continue;
		if (pick[g->cy.comp[v]] == v && (g->self[v] > 0 || g->start[v + 1] > g->start[v]))
			(*amount)[*nroots] = holds[v];
		else if (g->entry[v] > 0)
			(*amount)[*nroots] = g->entry[v];
		else
			continue;
		roots[(*nroots)++] = v;
	}
	free(called);
	free(pick);
	free(best);
	free(holds);
	return roots;
}

static size_t new_frame(struct walk *w, size_t parent, size_t v, uint64_t amount,
			const struct profile *p)
{
	size_t f = w->n;

	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 1024;
		w->frames = xreallocarray(w->frames, w->cap, sizeof(*w->frames));
		w->amount = xreallocarray(w->amount, w->cap, sizeof(*w->amount));
		w->self_weight = xreallocarray(w->self_weight, w->cap, sizeof(*w->self_weight));
	}
	w->frames[f].parent = parent;
	w->frames[f].func = p->func_list[v];
	w->frames[f].count = 0;
	w->frames[f].shown = w->g->match[v] || (parent != STACKS_ROOT && w->frames[parent].shown);
	w->amount[f] = amount;
	w->self_weight[f] = 0;
	w->has_frame[v] = true;
	w->n++;
	return f;
}

static size_t frame_node(const struct walk *w, size_t f)
{
	return w->frames[f].func->index;
}

/* What frame F passes down, shared among its own cost and its calls to
 * functions not on the stack (ON_STACK[t] == MARK), in proportion to what
 * they carry.  Sets F's self weight and returns the divisor. */
static wide_t frame_split(struct walk *w, size_t f, const size_t *on_stack, size_t mark)
{
	const struct graph *g = w->g;
	size_t v = frame_node(w, f);
	wide_t sum = g->self[v];

	for (size_t k = g->start[v]; k < g->start[v + 1]; k++)
		if (on_stack[g->target[k]] != mark)
			sum += g->weight[k];
	if (sum > 0)
		w->self_weight[f] = (uint64_t)((wide_t)w->amount[f] * g->self[v] / sum);
	return sum;
}

static void offer(struct walk *w, size_t t, size_t parent, uint64_t amount)
{
	if (w->has_frame[t] || (w->has_best[t] && w->best_amount[t] >= amount))
		return;
	w->has_best[t] = true;
	w->best_parent[t] = parent;
	w->best_amount[t] = amount;
}

struct dfs {
	size_t frame;
	size_t next;               /* the next call to look at */
	wide_t sum;                /* frame_split's divisor */
};

/* Depth first from ROOT, following the frames that reach the threshold. */
static void walk_from(struct walk *w, size_t root, uint64_t amount, const struct profile *p,
		      struct dfs *stack)
{
	const struct graph *g = w->g;
	size_t sp = 0;

	stack[sp].frame = new_frame(w, STACKS_ROOT, root, amount, p);
	w->stamp[root] = 1;
	stack[sp].next = g->start[root];
	stack[sp].sum = frame_split(w, stack[sp].frame, w->stamp, 1);
	sp++;
	while (sp > 0) {
		struct dfs *top = &stack[sp - 1];
		size_t v = frame_node(w, top->frame), t, f;
		uint64_t a;

		if (top->next == g->start[v + 1]) {
			w->stamp[v] = 0;
			sp--;
			continue;
		}
		t = g->target[top->next];
		a = top->sum ? (uint64_t)((wide_t)w->amount[top->frame] *
					  g->weight[top->next] / top->sum) : 0;
		top->next++;
		if (w->stamp[t] == 1)
			continue;
		if (a < w->threshold) {
			offer(w, t, top->frame, a);
			continue;
		}
		f = new_frame(w, top->frame, t, a, p);
		w->stamp[t] = 1;
		stack[sp].frame = f;
		stack[sp].next = g->start[t];
		stack[sp].sum = frame_split(w, f, w->stamp, 1);
		sp++;
	}
}

struct heap_item {
	uint64_t amount;
	size_t node;
};

static bool heap_before(const struct heap_item *a, const struct heap_item *b)
{
	return a->amount > b->amount || (a->amount == b->amount && a->node < b->node);
}

static void heap_push(struct heap_item **h, size_t *n, size_t *cap, struct heap_item item)
{
	size_t i = (*n)++;

	xgrow(h, cap, *n, sizeof(**h));
	while (i > 0 && heap_before(&item, &(*h)[(i - 1) / 2])) {
		(*h)[i] = (*h)[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	(*h)[i] = item;
}

static struct heap_item heap_pop(struct heap_item *h, size_t *n)
{
	struct heap_item top = h[0], last = h[--*n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && heap_before(&h[c + 1], &h[c]))
			c++;
		if (!heap_before(&h[c], &last))
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n > 0)
		h[i] = last;
	return top;
}

/* Functions that only pruned stacks reach get one frame each, at the
 * costliest way down to them, costliest first: each new frame may offer
 * a costlier way down to the functions it calls. */
static void walk_pruned(struct walk *w, const struct profile *p)
{
	const struct graph *g = w->g;
	struct heap_item *heap = NULL;
	size_t nheap = 0, cap = 0;

	for (size_t v = 0; v < g->n; v++)
		if (!w->has_frame[v] && w->has_best[v])
			heap_push(&heap, &nheap, &cap, (struct heap_item){ w->best_amount[v], v });
	while (nheap > 0) {
		struct heap_item it = heap_pop(heap, &nheap);
		size_t v = it.node, f, mark;
		wide_t sum;

		if (w->has_frame[v] || it.amount != w->best_amount[v])
			continue;
		f = new_frame(w, w->best_parent[v], v, it.amount, p);
		mark = f + 1;
		for (size_t a = f; a != STACKS_ROOT; a = w->frames[a].parent)
			w->stamp[frame_node(w, a)] = mark;
		sum = frame_split(w, f, w->stamp, mark);
		for (size_t k = g->start[v]; k < g->start[v + 1]; k++) {
			size_t t = g->target[k];
			uint64_t a;

			if (w->stamp[t] == mark || w->has_frame[t])
				continue;
			a = sum ? (uint64_t)((wide_t)it.amount * g->weight[k] / sum) : 0;
			if (!w->has_best[t] || a > w->best_amount[t]) {
				offer(w, t, f, a);
				heap_push(&heap, &nheap, &cap, (struct heap_item){ a, t });
			}
		}
		for (size_t a = f; a != STACKS_ROOT; a = w->frames[a].parent)
			w->stamp[frame_node(w, a)] = 0;
	}
	free(heap);
}

/* Share each function's self cost out among its frames (in the order they
 * were made), by their self weights, else by what reaches them, else
 * evenly. */
static void share_self(struct walk *w)
{
	const struct graph *g = w->g;
	size_t n = g->n, *start = xcalloc(n + 1, sizeof(*start));
	size_t *order = xmalloc((w->n ? w->n : 1) * sizeof(*order)), *fill;
	uint64_t *weight = xmalloc((w->n ? w->n : 1) * sizeof(*weight));
	cost_t *share = xmalloc((w->n ? w->n : 1) * sizeof(*share));

	for (size_t f = 0; f < w->n; f++)
		start[frame_node(w, f) + 1]++;
	for (size_t v = 0; v < n; v++)
		start[v + 1] += start[v];
	fill = xmalloc((n ? n : 1) * sizeof(*fill));
	memcpy(fill, start, n * sizeof(*fill));
	for (size_t f = 0; f < w->n; f++)
		order[fill[frame_node(w, f)]++] = f;
	for (size_t v = 0; v < n; v++) {
		size_t m = start[v + 1] - start[v], *fr = order + start[v];
		wide_t sum = 0;

		if (g->self[v] == 0 || m == 0)
			continue;
		for (size_t i = 0; i < m; i++)
			sum += weight[i] = w->self_weight[fr[i]];
		for (size_t i = 0; i < m && sum == 0; i++)
			sum += weight[i] = w->amount[fr[i]];
		for (size_t i = 0; i < m && sum == 0; i++)
			weight[i] = 1;
		cost_apportion((cost_t)g->self[v], weight, m, share);
		for (size_t i = 0; i < m; i++)
			w->frames[fr[i]].count = share[i];
	}
	free(start);
	free(order);
	free(fill);
	free(weight);
	free(share);
}

void stacks_estimate(struct stacks *s, struct profile *p, size_t event)
{
	struct graph g;
	struct walk w;
	size_t nroots, *roots, n = p->nfuncs;
	uint64_t *amount;
	wide_t all = 0;
	struct dfs *stack = xmalloc((n ? n : 1) * sizeof(*stack));

	graph_build(&g, p, event);
	memset(&w, 0, sizeof(w));
	w.g = &g;
	w.has_frame = xcalloc(n ? n : 1, sizeof(*w.has_frame));
	w.has_best = xcalloc(n ? n : 1, sizeof(*w.has_best));
	w.best_parent = xmalloc((n ? n : 1) * sizeof(*w.best_parent));
	w.best_amount = xmalloc((n ? n : 1) * sizeof(*w.best_amount));
	w.stamp = xcalloc(n ? n : 1, sizeof(*w.stamp));
	roots = find_roots(&g, &nroots, &amount);
	for (size_t r = 0; r < nroots; r++)
		all += amount[r];
	w.threshold = clamp64((all + STACKS_PRUNE - 1) / STACKS_PRUNE);
	if (w.threshold == 0)
		w.threshold = 1;
	for (size_t r = 0; r < nroots; r++)
		walk_from(&w, roots[r], amount[r], p, stack);
	walk_pruned(&w, p);
	/* Left unreached (every way in passes a function already on the
	 * stack): a stack of its own. */
	for (size_t v = 0; v < n; v++)
		if (g.cy.rep[v] == v && g.self[v] > 0 && !w.has_frame[v])
			new_frame(&w, STACKS_ROOT, v, g.self[v], p);
	share_self(&w);
	if (!p->focused)
		for (size_t f = 0; f < w.n; f++)
			w.frames[f].shown = true;
	s->frames = w.frames;
	s->n = w.n;
	free(w.amount);
	free(w.self_weight);
	free(w.has_frame);
	free(w.has_best);
	free(w.best_parent);
	free(w.best_amount);
	free(w.stamp);
	free(roots);
	free(amount);
	free(stack);
	graph_release(&g);
}

void stacks_release(struct stacks *s)
{
	free(s->frames);
	memset(s, 0, sizeof(*s));
}
