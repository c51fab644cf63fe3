#include "calc-estimate.h"

#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "xalloc.h"

bool estimate_compute(struct profile *p, struct stackset *set)
{
	return estimate_compute_also(p, set, NULL);
}

bool estimate_compute_also(struct profile *p, struct stackset *set,
			   const struct estimate_also *also)
{
	bool *is_node = xcalloc(p->nfuncs + 1, sizeof(*is_node));
	const struct stacks *any = NULL;
	cost_t *sum;

	for (size_t k = 0; k < p->nevents && any == NULL; k++)
		if (stackset_has(set, k))
			any = stackset_wait(set, k);
	if (any == NULL) {
		free(is_node);
		return false;
	}
	for (size_t f = 0; f < any->n; f++)
		is_node[any->frames[f].index] = true;
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		f->estimate = NULL;
		if (!is_node[i] && any->node[i] != i)
			continue;
		f->estimate = arena_alloc(&p->arena, p->nevents * sizeof(*f->estimate));
		for (size_t k = 0; k < p->nevents; k++)
			f->estimate[k] = stackset_has(set, k) ? 0 : COST_ABSENT;
	}
	/* Summed by function index first: the frames are many more than the
	 * functions, and each function's record is a read of its own. */
	sum = xmalloc((p->nfuncs + 1) * sizeof(*sum));
	for (size_t k = 0; k < p->nevents; k++) {
		const struct stacks *s;
		cost_t *w;

		if (!stackset_has(set, k))
			continue;
		s = stackset_wait(set, k);
		w = stacks_widths(s);
		memset(sum, 0, (p->nfuncs + 1) * sizeof(*sum));
		for (size_t f = 0; f < s->n; f++)
			sum[s->frames[f].index] += w[f];
		for (size_t i = 0; i < p->nfuncs; i++)
			if (p->func_list[i]->estimate != NULL)
				p->func_list[i]->estimate[k] += sum[i];
		if (also != NULL)
			also->add(also->arg, s, w, k);
		free(w);
	}
	free(sum);
	free(is_node);
	return true;
}

bool estimate_events(struct profile *p, size_t event, bool all)
{
	struct stackset set;
	size_t n = 0, *events = xcalloc(p->nevents + 1, sizeof(*events));
	bool made;

	for (size_t k = 0; k < p->nevents; k++)
		if (all || k == event)
			events[n++] = k;
	stackset_start(&set, p, events, n, NULL, 0);
	made = estimate_compute(p, &set);
	stackset_release(&set);
	free(events);
	return made;
}

cost_t estimate_of(const struct func *f, size_t k)
{
	cost_t total = f->total != NULL ? f->total[k] : COST_ABSENT;

	/* No stack holds a cost the function does not have. */
	if (f->estimate == NULL || f->estimate[k] == COST_ABSENT ||
	    (f->estimate[k] == 0 && total == COST_ABSENT))
		return total;
	return f->estimate[k];
}

/* Event K of F's estimate, or absent where F is NULL. */
static cost_t side_estimate(const struct func *f, size_t k)
{
	return f != NULL ? estimate_of(f, k) : COST_ABSENT;
}

void estimate_subtract(struct profile *p, const struct profile *old, const struct profile *new)
{
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];
		const struct func *a = profile_find_func(old, f->key.file->name, f->key.name);
		const struct func *b = profile_find_func(new, f->key.file->name, f->key.name);

		/* Held by its host on both sides: its inclusive cost's change. */
		f->estimate = NULL;
		if ((a == NULL || a->estimate == NULL) && (b == NULL || b->estimate == NULL))
			continue;
		f->estimate = arena_alloc(&p->arena, p->nevents * sizeof(*f->estimate));
		for (size_t k = 0; k < p->nevents; k++) {
			cost_t x = side_estimate(a, k), y = side_estimate(b, k);

			if (x == COST_ABSENT && y == COST_ABSENT)
				f->estimate[k] = COST_ABSENT;
			else
				f->estimate[k] = (y == COST_ABSENT ? 0 : y) - (x == COST_ABSENT ? 0 : x);
		}
	}
}

/* The estimated cost of the calls from one function (as the stacks hold
 * it: host functions) to another, in a table of open addressing: there
 * are tens of thousands in a large profile, each looked up once a frame. */
struct call_cost {
	size_t caller, callee;     /* stack nodes (function indices); caller NONE: empty */
	cost_t cost;
};

#define NO_CALL ((size_t)-1)

struct call_estimates {
	size_t *node;              /* by function index: its stack node */
	size_t nfuncs;
	struct call_cost *slots;
	size_t mask, n;
};

/* The slot of CALLER -> CALLEE in M: its own, or the empty one it would take. */
static struct call_cost *call_slot(const struct call_estimates *m, size_t caller, size_t callee)
{
	size_t i = cga_pair_hash(caller, callee) & m->mask;

	while (m->slots[i].caller != NO_CALL &&
	       (m->slots[i].caller != caller || m->slots[i].callee != callee))
		i = (i + 1) & m->mask;
	return &m->slots[i];
}

static void calls_resize(struct call_estimates *m, size_t size)
{
	struct call_cost *old = m->slots;
	size_t n = old != NULL ? m->mask + 1 : 0;

	m->slots = xreallocarray(NULL, size, sizeof(*m->slots));
	m->mask = size - 1;
	for (size_t i = 0; i < size; i++)
		m->slots[i].caller = NO_CALL;
	for (size_t i = 0; i < n; i++)
		if (old[i].caller != NO_CALL)
			*call_slot(m, old[i].caller, old[i].callee) = old[i];
	free(old);
}

struct call_estimates *estimate_calls(const struct profile *p, const struct stacks *s)
{
	struct call_estimates *m = xcalloc(1, sizeof(*m));
	cost_t *w = stacks_widths(s);
	size_t edges = 0, size = 16;

	m->nfuncs = p->nfuncs;
	m->node = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*m->node));
	memcpy(m->node, s->node, p->nfuncs * sizeof(*m->node));
	/* A frame's parent calls it along an edge of the profile (between
	 * their hosts): there are no more calls than edges, and a table made
	 * for them at once is never remade. */
	for (size_t i = 0; i < p->nfuncs; i++)
		edges += p->func_list[i]->nout;
	while (size < 2 * edges)
		size *= 2;
	calls_resize(m, size);
	for (size_t f = 0; f < s->n; f++) {
		const struct stack_frame *sf = &s->frames[f];
		size_t caller, callee;
		struct call_cost *c;

		if (sf->parent == STACKS_ROOT)
			continue;
		caller = s->frames[sf->parent].index;
		callee = sf->index;
		c = call_slot(m, caller, callee);
		if (c->caller == NO_CALL) {
			/* At most half full, should the bound above not hold. */
			if (2 * (m->n + 1) > m->mask + 1) {
				calls_resize(m, 2 * (m->mask + 1));
				c = call_slot(m, caller, callee);
			}
			*c = (struct call_cost){ caller, callee, 0 };
			m->n++;
		}
		c->cost += w[f];
	}
	free(w);
	return m;
}

cost_t call_estimate_of(const struct call_estimates *m, const struct edge *e)
{
	size_t caller = e->key.caller->index, callee = e->key.callee->index;
	const struct call_cost *c;

	if (caller >= m->nfuncs || callee >= m->nfuncs)
		return 0;
	c = call_slot(m, m->node[caller], m->node[callee]);
	return c->caller != NO_CALL ? c->cost : 0;
}

void call_estimates_free(struct call_estimates *m)
{
	if (m == NULL)
		return;
	free(m->slots);
	free(m->node);
	free(m);
}
