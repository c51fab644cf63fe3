#include "calc-group.h"

#include <stdlib.h>
#include <string.h>

#include "calc-inclusive.h"
#include "calc-scc.h"
#include "diag.h"
#include "fmt-cxxname.h"
#include "xalloc.h"

#define NONE ((size_t)-1)

struct grouping {
	enum group_by by;
	struct profile model;      /* the groups, as functions */
	size_t nfuncs;             /* P's functions */
	size_t nevents;
	size_t *group_of;          /* by P's function index: its group's index in the model */
	size_t ngroups;
	size_t *start;             /* group g's functions are funcs[start[g] .. start[g + 1]) */
	size_t *funcs;
	size_t *rows;              /* by group: how many of them are rows of P's table */
	size_t *holder;            /* by P's function index: the function whose frames
				      hold it in the stacks (its host, or itself) */
	cost_t *estimate;          /* by group, nevents each: the cost of the stacks
				      containing it (NULL: no stacks were given) */
};

static const char unknown[] = "???", global[] = "(global)";

/* The name of F's group, as S[0..*LEN). */
static const char *group_name(enum group_by by, const struct cxx_scopes *sc,
			      const struct func *f, size_t *len)
{
	const char *s = NULL;
	size_t start;

	switch (by) {
	case GROUP_OBJECT:
		s = func_object(f);
		break;
	case GROUP_FILE:
		s = *f->key.file->name ? f->key.file->name : NULL;
		break;
	case GROUP_CLASS:
	case GROUP_NAMESPACE:
		*len = by == GROUP_CLASS ? cxx_class_of(sc, f->key.name, &start)
					 : cxx_namespace_of(sc, f->key.name, &start);
		if (*len > 0)
			return f->key.name + start;
		s = global;
		break;
	case GROUP_FUNCTION:
		s = f->key.name;
		break;
	}
	if (s == NULL)
		s = unknown;
	*len = strlen(s);
	return s;
}

static bool is_row(const struct func *f)
{
	return f->listed || f->called != NULL;
}

/* Each group's functions, in the order of P's. */
static void list_members(struct grouping *gr, const struct profile *p)
{
	size_t *fill;

	gr->start = xcalloc(gr->ngroups + 1, sizeof(*gr->start));
	gr->rows = xcalloc(gr->ngroups ? gr->ngroups : 1, sizeof(*gr->rows));
	gr->funcs = xmalloc((gr->nfuncs ? gr->nfuncs : 1) * sizeof(*gr->funcs));
	for (size_t i = 0; i < gr->nfuncs; i++) {
		gr->start[gr->group_of[i] + 1]++;
		gr->rows[gr->group_of[i]] += is_row(p->func_list[i]);
	}
	for (size_t g = 0; g < gr->ngroups; g++)
		gr->start[g + 1] += gr->start[g];
	fill = xmalloc((gr->ngroups ? gr->ngroups : 1) * sizeof(*fill));
	memcpy(fill, gr->start, gr->ngroups * sizeof(*fill));
	for (size_t i = 0; i < gr->nfuncs; i++)
		gr->funcs[fill[gr->group_of[i]]++] = i;
	free(fill);
}

/* A grouping of P's functions, empty but for its model's header. */
static struct grouping *grouping_begin(const struct profile *p, enum group_by by)
{
	struct grouping *gr = xcalloc(1, sizeof(*gr));

	gr->by = by;
	gr->nfuncs = p->nfuncs;
	gr->nevents = p->nevents;
	profile_init(&gr->model, p->path);
	gr->group_of = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*gr->group_of));
	return gr;
}

/* Put function I of P in the group named S[0..LEN). */
static void put_in(struct grouping *gr, size_t i, const char *s, size_t len)
{
	struct pfile *none = profile_file(&gr->model, "", 0);
	struct func *g = profile_func(&gr->model, none, profile_intern(&gr->model, s, len));

	/* A group has a name, no file. */
	g->fullname = g->key.name;
	gr->group_of[i] = g->index;
}

static void grouping_end(struct grouping *gr, const struct profile *p)
{
	gr->ngroups = gr->model.nfuncs;
	list_members(gr, p);
}

struct grouping *grouping_new(const struct profile *p, enum group_by by)
{
	struct grouping *gr = grouping_begin(p, by);
	struct cxx_scopes *sc = NULL;

	if (by == GROUP_CLASS || by == GROUP_NAMESPACE) {
		sc = cxx_scopes_new();
		for (size_t i = 0; i < p->nfuncs; i++)
			cxx_scopes_learn(sc, p->func_list[i]->key.name);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		size_t len;
		const char *s = group_name(by, sc, p->func_list[i], &len);

		put_in(gr, i, s, len);
	}
	cxx_scopes_free(sc);
	grouping_end(gr, p);
	return gr;
}

struct grouping *grouping_new_like(const struct profile *p, const struct grouping *like,
				   const struct profile *like_p)
{
	struct grouping *gr = grouping_begin(p, like->by);
	struct func_index *index = func_index_new(like_p);

	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *f = func_index_find(index, p->func_list[i]);
		size_t len;
		const char *s = f != NULL ? grouping_of(like, f)->key.name
			: group_name(GROUP_FUNCTION, NULL, p->func_list[i], &len);

		put_in(gr, i, s, strlen(s));
	}
	func_index_free(index);
	grouping_end(gr, p);
	return gr;
}

void grouping_free(struct grouping *gr)
{
	if (gr == NULL)
		return;
	profile_release(&gr->model);
	free(gr->group_of);
	free(gr->start);
	free(gr->funcs);
	free(gr->rows);
	free(gr->holder);
	free(gr->estimate);
	free(gr);
}

/* The children lists of S's frames: frame v's are kids[first[v] ..
 * first[v + 1]), the outermost frames' at v = S->n. */
static void frame_children(const struct stacks *s, size_t **first, size_t **kids)
{
	size_t n = s->n, *fill;

	*first = xcalloc(n + 2, sizeof(**first));
	*kids = xmalloc((n ? n : 1) * sizeof(**kids));
	for (size_t f = 0; f < n; f++)
		(*first)[(s->frames[f].parent == STACKS_ROOT ? n : s->frames[f].parent) + 1]++;
	for (size_t v = 0; v <= n; v++)
		(*first)[v + 1] += (*first)[v];
	fill = xmalloc((n + 1) * sizeof(*fill));
	memcpy(fill, *first, (n + 1) * sizeof(*fill));
	for (size_t f = 0; f < n; f++)
		(*kids)[fill[s->frames[f].parent == STACKS_ROOT ? n : s->frames[f].parent]++] = f;
	free(fill);
}

/* Each stack once for every group it holds: the widths of the frames of a
 * group with no frame of that group beneath them, added to EST (by group,
 * STRIDE apart).  Depth first, counting each group's frames on the way. */
static void add_top_widths(const struct grouping *gr, const struct stacks *s, const cost_t *w,
			   cost_t *est, size_t stride)
{
	size_t n = s->n, sp = 1, *first, *kids;
	size_t *stack = xmalloc((n + 1) * sizeof(*stack));
	size_t *cursor = xmalloc((n + 1) * sizeof(*cursor));
	size_t *active = xcalloc(gr->ngroups ? gr->ngroups : 1, sizeof(*active));

	frame_children(s, &first, &kids);
	stack[0] = n;
	cursor[0] = first[n];
	while (sp > 0) {
		size_t v = stack[sp - 1];

		if (cursor[sp - 1] < first[v + 1]) {
			size_t c = kids[cursor[sp - 1]++];
			size_t g = gr->group_of[s->frames[c].index];

			if (active[g]++ == 0)
				est[g * stride] += w[c];
			stack[sp] = c;
			cursor[sp++] = first[c];
			continue;
		}
		if (v != n)
			active[gr->group_of[s->frames[v].index]]--;
		sp--;
	}
	free(first);
	free(kids);
	free(stack);
	free(cursor);
	free(active);
}

void grouping_add_stacks(void *arg, const struct stacks *s, const cost_t *w, size_t k)
{
	struct grouping *gr = arg;

	if (gr->estimate == NULL)
		gr->estimate = xcalloc(gr->ngroups * gr->nevents + 1, sizeof(*gr->estimate));
	if (gr->holder == NULL && s->node != NULL) {
		gr->holder = xmalloc((gr->nfuncs ? gr->nfuncs : 1) * sizeof(*gr->holder));
		memcpy(gr->holder, s->node, gr->nfuncs * sizeof(*gr->holder));
	}
	add_top_widths(gr, s, w, gr->estimate + k, gr->nevents);
}

/* What the model takes from P as it is: events, parts and header. */
static void copy_header(struct profile *m, const struct profile *p)
{
	m->events = xmalloc((p->nevents ? p->nevents : 1) * sizeof(*m->events));
	memcpy(m->events, p->events, p->nevents * sizeof(*m->events));
	m->nevents = p->nevents;
	m->nraw = p->nraw;
	m->events_final = true;
	m->parts = xmalloc((p->nparts ? p->nparts : 1) * sizeof(*m->parts));
	memcpy(m->parts, p->parts, p->nparts * sizeof(*m->parts));
	m->nparts = p->nparts;
	m->creator = p->creator;
	m->cmd = p->cmd;
	m->desc = p->desc != NULL ? xstrndup(p->desc, p->desc_len) : NULL;
	m->desc_len = p->desc_len;
	m->paths = p->paths;
	m->npaths = p->npaths;
	m->focused = p->focused;
	m->self_total = p->self_total;
}

static void add_or_die(const struct profile *p, cost_t *dst, const cost_t *v, const struct func *g)
{
	if (v != NULL && !cost_add(dst, v, p->nevents))
		die(EXIT_INPUT, "%s: the cost of the group '%s' does not fit in 64 bits", p->path,
		    g->key.name);
}

/* The groups' self costs and the calls between groups. */
static void build_calls(struct grouping *gr, const struct profile *p)
{
	struct profile *m = &gr->model;
	cost_t *cost = xmalloc((p->nevents ? p->nevents : 1) * sizeof(*cost));

	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *f = p->func_list[i];
		struct func *g = m->func_list[gr->group_of[i]];

		if (f->listed) {
			profile_list_func(m, g);
			add_or_die(m, g->self, f->self, g);
		}
		for (const struct edge *e = f->out; e; e = e->next_out) {
			struct func *h = m->func_list[gr->group_of[e->key.callee->index]];

			if (h == g)
				continue;
			if (!edge_add(m, profile_edge(m, g, h), edge_cost(p, e, cost), edge_count(p, e)))
				die(EXIT_INPUT, "%s: the calls from the group '%s' to '%s' do not fit "
				    "in 64 bits", p->path, g->key.name, h->key.name);
		}
	}
	profile_sum_calls(m);
	free(cost);
}

/* The graph of P's functions as the stacks hold them (a function's calls
 * are its holder's), for scc_find: node v's successors are
 * ADJ[START[v] .. START[v + 1]). */
static void holder_graph(const struct grouping *gr, const struct profile *p, size_t **start,
			 size_t **adj)
{
	size_t n = p->nfuncs, *fill;

	*start = xcalloc(n + 1, sizeof(**start));
	for (size_t i = 0; i < n; i++)
		(*start)[gr->holder[i] + 1] += p->func_list[i]->nout;
	for (size_t i = 0; i < n; i++)
		(*start)[i + 1] += (*start)[i];
	*adj = xmalloc(((*start)[n] ? (*start)[n] : 1) * sizeof(**adj));
	fill = xmalloc((n ? n : 1) * sizeof(*fill));
	memcpy(fill, *start, n * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		for (const struct edge *e = p->func_list[i]->out; e; e = e->next_out)
			(*adj)[fill[gr->holder[i]]++] = gr->holder[e->key.callee->index];
	free(fill);
}

/* Whether some path of calls leads from one of group G's stack nodes to
 * another: a search from them all, stopped at the first it finds.  Nodes
 * of components below the lowest of G's (callees first) lead to none. */
static bool reaches_itself(const struct grouping *gr, size_t g, const size_t *start,
			   const size_t *adj, const size_t *comp, size_t *member, size_t *seen,
			   size_t *queue)
{
	size_t distinct = 0, low = NONE, qn = 0;

	for (size_t k = gr->start[g]; k < gr->start[g + 1]; k++) {
		size_t v = gr->holder[gr->funcs[k]];

		if (member[v] == g)
			continue;
		member[v] = g;
		distinct++;
		low = comp[v] < low ? comp[v] : low;
	}
	if (distinct < 2)
		return false;
	for (size_t k = gr->start[g]; k < gr->start[g + 1]; k++) {
		size_t v = gr->holder[gr->funcs[k]];

		if (seen[v] != g) {
			seen[v] = g;
			queue[qn++] = v;
		}
	}
	for (size_t q = 0; q < qn; q++) {
		size_t v = queue[q];

		for (size_t a = start[v]; a < start[v + 1]; a++) {
			size_t w = adj[a];

			if (member[w] == g)
				return true;
			if (seen[w] != g && comp[w] >= low) {
				seen[w] = g;
				queue[qn++] = w;
			}
		}
	}
	return false;
}

/* By group: whether its inclusive cost is exact, none of its functions
 * recursive and none able to run beneath another. */
static bool *exact_groups(const struct grouping *gr, const struct profile *p)
{
	size_t n = p->nfuncs, *start, *adj, ncomp;
	size_t *comp = xmalloc((n ? n : 1) * sizeof(*comp));
	size_t *member = xmalloc((n ? n : 1) * sizeof(*member));
	size_t *seen = xmalloc((n ? n : 1) * sizeof(*seen));
	size_t *queue = xmalloc((n ? n : 1) * sizeof(*queue));
	bool *exact = xmalloc((gr->ngroups ? gr->ngroups : 1) * sizeof(*exact)), *cyclic;

	holder_graph(gr, p, &start, &adj);
	ncomp = scc_find(n, start, adj, comp);
	cyclic = scc_cyclic(n, start, adj, comp, ncomp);
	for (size_t g = 0; g < gr->ngroups; g++)
		exact[g] = true;
	for (size_t i = 0; i < n; i++) {
		member[i] = seen[i] = NONE;
		if (is_row(p->func_list[i]) && cyclic[comp[gr->holder[i]]])
			exact[gr->group_of[i]] = false;
	}
	for (size_t g = 0; g < gr->ngroups; g++)
		if (exact[g] && reaches_itself(gr, g, start, adj, comp, member, seen, queue))
			exact[g] = false;
	free(start);
	free(adj);
	free(comp);
	free(cyclic);
	free(member);
	free(seen);
	free(queue);
	return exact;
}

/* The components of the groups' call graph, where a group that holds
 * another's code in its frames (inlined code) leads to it too. */
static size_t *group_components(const struct grouping *gr, const struct profile *p)
{
	const struct profile *m = &gr->model;
	size_t ng = gr->ngroups, *start = xcalloc(ng + 1, sizeof(*start)), *adj, *fill;
	size_t *comp = xmalloc((ng ? ng : 1) * sizeof(*comp));

	for (size_t g = 0; g < ng; g++)
		start[g + 1] = m->func_list[g]->nout;
	for (size_t i = 0; i < p->nfuncs; i++)
		start[gr->group_of[gr->holder[i]] + 1]++;
	for (size_t g = 0; g < ng; g++)
		start[g + 1] += start[g];
	adj = xmalloc((start[ng] ? start[ng] : 1) * sizeof(*adj));
	fill = xmalloc((ng ? ng : 1) * sizeof(*fill));
	memcpy(fill, start, ng * sizeof(*fill));
	for (size_t g = 0; g < ng; g++)
		for (const struct edge *e = m->func_list[g]->out; e; e = e->next_out)
			adj[fill[g]++] = e->key.callee->index;
	for (size_t i = 0; i < p->nfuncs; i++)
		adj[fill[gr->group_of[gr->holder[i]]]++] = gr->group_of[i];
	scc_find(ng, start, adj, comp);
	free(start);
	free(adj);
	free(fill);
	return comp;
}

/* The greater of A and B for each event; absent where both are. */
static void take_larger(cost_t *a, const cost_t *b, size_t n)
{
	for (size_t e = 0; b != NULL && e < n; e++)
		if (b[e] != COST_ABSENT && (a[e] == COST_ABSENT || b[e] > a[e]))
			a[e] = b[e];
}

/* The largest lower bound of group G's inclusive cost the profile proves:
 * see calc-group.h.  COMP: the groups' components. */
static cost_t *group_bound(struct grouping *gr, const struct profile *p, size_t g,
			   const size_t *comp)
{
	struct profile *m = &gr->model;
	const struct func *gf = m->func_list[g];
	size_t nev = p->nevents;
	cost_t *bound = cost_new(&m->arena, nev), *out = cost_new(&m->arena, nev);
	cost_t *in = cost_new(&m->arena, nev), *cost = xmalloc((nev ? nev : 1) * sizeof(*cost));

	for (size_t k = gr->start[g]; k < gr->start[g + 1]; k++) {
		const struct func *f = p->func_list[gr->funcs[k]];

		add_or_die(p, out, f->self, gf);
		for (const struct edge *e = f->out; e; e = e->next_out)
			if (comp[gr->group_of[e->key.callee->index]] != comp[g])
				add_or_die(p, out, edge_cost(p, e, cost), gf);
		for (const struct edge *e = f->in; e; e = e->next_in)
			if (comp[gr->group_of[e->key.caller->index]] != comp[g])
				add_or_die(p, in, edge_cost(p, e, cost), gf);
		take_larger(bound, f->total, nev);
	}
	take_larger(bound, out, nev);
	take_larger(bound, in, nev);
	free(cost);
	return bound;
}

/* The sum of group G's functions' inclusive costs, each once: a function
 * whose code is held in the frames of another of the group is in that
 * one's. */
static cost_t *group_sum(struct grouping *gr, const struct profile *p, size_t g)
{
	cost_t *sum = cost_new(&gr->model.arena, p->nevents);

	for (size_t k = gr->start[g]; k < gr->start[g + 1]; k++) {
		size_t i = gr->funcs[k], h = gr->holder[i];

		if (h == i || gr->group_of[h] != g)
			add_or_die(p, sum, p->func_list[i]->total, gr->model.func_list[g]);
	}
	return sum;
}

/* Group G's estimate: its stacks, and the inclusive costs of its functions
 * held in the frames of functions of other groups. */
static cost_t *group_estimate(struct grouping *gr, const struct profile *p, size_t g)
{
	cost_t *est = cost_new(&gr->model.arena, p->nevents);

	memcpy(est, gr->estimate + g * gr->nevents, gr->nevents * sizeof(*est));
	for (size_t k = gr->start[g]; k < gr->start[g + 1]; k++) {
		size_t i = gr->funcs[k], h = gr->holder[i];

		if (h != i && gr->group_of[h] != g)
			add_or_die(p, est, p->func_list[i]->total, gr->model.func_list[g]);
	}
	return est;
}

/* Where the stacks were not made, who holds whom is still the stacks'. */
static void find_holders(struct grouping *gr, const struct profile *p)
{
	struct stack_graph *sg;

	if (gr->holder != NULL)
		return;
	sg = stack_graph_new(p);
	gr->holder = xmalloc((p->nfuncs ? p->nfuncs : 1) * sizeof(*gr->holder));
	for (size_t i = 0; i < p->nfuncs; i++)
		gr->holder[i] = stack_graph_node(sg, i);
	stack_graph_free(sg);
}

/* Every group's inclusive cost (fixed for the views: see calc-group.h),
 * whether it is exact, and its estimate. */
static void build_figures(struct grouping *gr, struct profile *p)
{
	struct profile *m = &gr->model;
	bool *exact, diff = profile_is_diff(p);
	size_t *comp, nrows;

	free(inclusive_compute(p, true, &nrows));
	find_holders(gr, p);
	exact = exact_groups(gr, p);
	comp = group_components(gr, p);
	for (size_t g = 0; g < gr->ngroups; g++) {
		struct func *gf = m->func_list[g];

		gf->fixed_total = exact[g] ? group_sum(gr, p, g)
			: diff ? cost_new(&m->arena, p->nevents) : group_bound(gr, p, g, comp);
		gf->recursive = !exact[g];
		gf->scc = comp[g];
		if (gr->estimate != NULL)
			gf->estimate = group_estimate(gr, p, g);
	}
	m->fixed_totals = true;
	free(exact);
	free(comp);
}

void grouping_build(struct grouping *gr, struct profile *p, bool figures)
{
	copy_header(&gr->model, p);
	build_calls(gr, p);
	if (figures)
		build_figures(gr, p);
}

bool grouping_has_bounds(const struct grouping *gr)
{
	for (size_t g = 0; g < gr->ngroups; g++)
		if (gr->model.func_list[g]->recursive)
			return true;
	return false;
}

/* The inclusive cost of the group NAME of GR, or NULL if it has none. */
static const cost_t *total_of(const struct grouping *gr, const char *name)
{
	const struct profile *m = &gr->model;

	for (size_t g = 0; g < gr->ngroups; g++)
		if (strcmp(m->func_list[g]->key.name, name) == 0)
			return m->func_list[g]->fixed_total;
	return NULL;
}

void grouping_subtract(struct grouping *gr, const struct grouping *old, const struct grouping *new)
{
	struct profile *m = &gr->model;
	size_t nev = m->nevents;

	for (size_t g = 0; g < gr->ngroups; g++) {
		struct func *f = m->func_list[g];
		const cost_t *a = total_of(old, f->key.name), *b = total_of(new, f->key.name);

		if (!f->recursive)
			continue;
		for (size_t k = 0; k < nev; k++) {
			cost_t x = a != NULL ? a[k] : COST_ABSENT, y = b != NULL ? b[k] : COST_ABSENT;

			f->fixed_total[k] = x == COST_ABSENT && y == COST_ABSENT ? COST_ABSENT
				: (y == COST_ABSENT ? 0 : y) - (x == COST_ABSENT ? 0 : x);
		}
	}
}

struct profile *grouping_model(struct grouping *gr)
{
	return &gr->model;
}

const struct func *grouping_of(const struct grouping *gr, const struct func *f)
{
	return gr->model.func_list[gr->group_of[f->index]];
}

size_t grouping_members(const struct grouping *gr, const struct func *g)
{
	return gr->rows[g->index];
}

void grouping_stacks(const struct grouping *gr, const struct stacks *s, struct stacks *out)
{
	size_t *map = xmalloc((s->n ? s->n : 1) * sizeof(*map));

	out->frames = xmalloc((s->n ? s->n : 1) * sizeof(*out->frames));
	out->n = 0;
	out->node = NULL;
	for (size_t f = 0; f < s->n; f++) {
		const struct stack_frame *sf = &s->frames[f];
		const struct func *g = gr->model.func_list[gr->group_of[sf->index]];
		size_t parent = sf->parent == STACKS_ROOT ? STACKS_ROOT : map[sf->parent];

		if (parent != STACKS_ROOT && out->frames[parent].func == g &&
		    out->frames[parent].shown == sf->shown) {
			map[f] = parent;
			out->frames[parent].count += sf->count;
			out->frames[parent].exact += sf->exact;
			continue;
		}
		map[f] = out->n;
		out->frames[out->n++] = (struct stack_frame){ .parent = parent, .func = g, .count = sf->count,
								.exact = sf->exact, .shown = sf->shown,
								.index = (uint32_t)g->index };
	}
	free(map);
}

const char *grouping_label(enum group_by by)
{
	static const char *const labels[] = { "file:function", "object", "file", "class",
					      "namespace" };

	return labels[by];
}
