#include "calc-flame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calc-estimate.h"
#include "fmt-name.h"
#include "hash.h"
#include "xalloc.h"

/* Frame texts, interned: equal texts share one pointer. */
struct flame_name {
	char *text;
	UT_hash_handle hh;
};


void flame_init(struct flame *fl, bool diff)
{
	memset(fl, 0, sizeof(*fl));
	fl->diff = diff;
}

char *flame_frame_name(const char *name)
{
	char *t = xstrdup(name);

	for (char *c = t; *c; c++)
		if (*c == ';')
			*c = ':';
		else if (*c == '\n')
			*c = ' ';
	return t;
}

unsigned flame_hash(const char *text)
{
	uint32_t h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

static const char *intern(struct flame *fl, const char *funcname)
{
	char *text = flame_frame_name(funcname);
	struct flame_name *e;

	HASH_FIND_STR(fl->name_table, text, e);
	if (e != NULL) {
		free(text);
		return e->text;
	}
	e = xmalloc(sizeof(*e));
	e->text = text;
	HASH_ADD_KEYPTR(hh, fl->name_table, e->text, strlen(e->text), e);
	return e->text;
}

static size_t child_hash(size_t parent, const char *name)
{
	uint64_t h = (uint64_t)parent * 0x9e3779b97f4a7c15u ^
		     (uint64_t)(uintptr_t)name * 0xc2b2ae3d27d4eb4fu;

	return (size_t)(h ^ (h >> 31));
}

/* Twice the slots (or the first ones) of the table of children. */
static void children_grow(struct flame *fl)
{
	size_t n = fl->child_mask ? 2 * (fl->child_mask + 1) : 4096;

	free(fl->child_slots);
	fl->child_slots = xcalloc(n, sizeof(*fl->child_slots));
	fl->child_mask = n - 1;
	for (size_t i = 0; i < fl->n; i++) {
		size_t k = child_hash(fl->nodes[i].parent, fl->nodes[i].name) & fl->child_mask;

		while (fl->child_slots[k] != 0)
			k = (k + 1) & fl->child_mask;
		fl->child_slots[k] = i + 1;
	}
}

/* The node that is the child NAME of PARENT, made if new. */
static size_t child_of(struct flame *fl, size_t parent, const char *name)
{
	size_t k;

	if (2 * (fl->n + 1) > fl->child_mask)
		children_grow(fl);
	for (k = child_hash(parent, name) & fl->child_mask; fl->child_slots[k] != 0;
	     k = (k + 1) & fl->child_mask) {
		const struct flame_node *v = &fl->nodes[fl->child_slots[k] - 1];

		if (v->parent == parent && v->name == name)
			return fl->child_slots[k] - 1;
	}
	xgrow(&fl->nodes, &fl->cap, fl->n + 1, sizeof(*fl->nodes));
	memset(&fl->nodes[fl->n], 0, sizeof(*fl->nodes));
	fl->nodes[fl->n].parent = parent;
	fl->nodes[fl->n].name = name;
	fl->child_slots[k] = fl->n + 1;
	return fl->n++;
}

void flame_add(struct flame *fl, const struct stacks *s, int side)
{
	size_t *node_of = xmalloc((s->n ? s->n : 1) * sizeof(*node_of));
	const char **name_of = NULL;
	size_t nfuncs = 0;

	/* Each function's frame text, looked up once. */
	for (size_t f = 0; f < s->n; f++)
		if (s->frames[f].func->index + 1 > nfuncs)
			nfuncs = s->frames[f].func->index + 1;
	name_of = xcalloc(nfuncs ? nfuncs : 1, sizeof(*name_of));
	/* At most a node per frame: room made once, not by doubling. */
	xgrow(&fl->nodes, &fl->cap, fl->n + s->n, sizeof(*fl->nodes));
	while (2 * (fl->n + s->n) > fl->child_mask)
		children_grow(fl);
	for (size_t f = 0; f < s->n; f++) {
		const struct stack_frame *sf = &s->frames[f];
		size_t parent = sf->parent == STACKS_ROOT ? FLAME_ROOT : node_of[sf->parent];

		if (name_of[sf->func->index] == NULL)
			name_of[sf->func->index] = intern(fl, sf->func->key.name);
		node_of[f] = child_of(fl, parent, name_of[sf->func->index]);
		/* What --format=folded writes: shown stacks with a count. */
		if (sf->shown && sf->count > 0) {
			fl->nodes[node_of[f]].self[side] += sf->count;
			fl->total[side] += sf->count;
		}
		if (sf->shown) {
			fl->nodes[node_of[f]].exact[side] += sf->exact;
			fl->exact_total[side] += sf->exact;
		}
	}
	free(name_of);
	free(node_of);
}

/* Siblings in byte order of their names. */
static int by_name(const void *a, const void *b, void *arg)
{
	const struct flame_node *nodes = arg;

	return strcmp(nodes[*(const size_t *)a].name, nodes[*(const size_t *)b].name);
}

/* Widths from the leaves up: a node is made after its parent, so in
 * reverse order of making, children come before their parents. */
static void sum_widths(struct flame *fl)
{
	for (size_t i = fl->n; i-- > 0;) {
		struct flame_node *v = &fl->nodes[i];

		for (int k = 0; k < 2; k++)
			v->width[k] += v->self[k];
		if (fl->diff)
			v->drawn += v->self[0] > v->self[1] ? v->self[0] : v->self[1];
		else
			v->drawn = v->width[FLAME_NEW];
		if (v->parent != FLAME_ROOT) {
			struct flame_node *u = &fl->nodes[v->parent];

			for (int k = 0; k < 2; k++) {
				u->width[k] += v->width[k];
				u->exact[k] += v->exact[k];
			}
			if (fl->diff)
				u->drawn += v->drawn;
		}
	}
}

/* The kept nodes (drawn width > 0), in preorder with siblings by name,
 * into a new array; offsets, depths and name ids set. */
static void order_nodes(struct flame *fl)
{
	size_t n = fl->n, kept = 0, nstack = 0;
	size_t *start = xcalloc(n + 2, sizeof(*start)), *list, *fill, *stack, *new_index;
	struct flame_node *out = xmalloc((n ? n : 1) * sizeof(*out));
	cost_t *next_offset;

	/* Children lists by parent (FLAME_ROOT as slot n). */
	for (size_t i = 0; i < n; i++)
		if (fl->nodes[i].drawn > 0)
			start[(fl->nodes[i].parent == FLAME_ROOT ? n : fl->nodes[i].parent) + 1]++;
	for (size_t i = 0; i <= n; i++)
		start[i + 1] += start[i];
	list = xmalloc((start[n + 1] ? start[n + 1] : 1) * sizeof(*list));
	fill = xmalloc((n + 1) * sizeof(*fill));
	memcpy(fill, start, (n + 1) * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		if (fl->nodes[i].drawn > 0)
			list[fill[fl->nodes[i].parent == FLAME_ROOT ? n : fl->nodes[i].parent]++] = i;
	for (size_t i = 0; i <= n; i++)
		if (start[i + 1] - start[i] > 1)
			qsort_r(list + start[i], start[i + 1] - start[i], sizeof(*list), by_name,
				fl->nodes);

	/* Depth first, the first child on top of the stack. */
	stack = xmalloc((n ? n : 1) * sizeof(*stack));
	new_index = xmalloc((n ? n : 1) * sizeof(*new_index));
	next_offset = xcalloc(n + 1, sizeof(*next_offset));
	for (size_t k = start[n + 1]; k-- > start[n];)
		stack[nstack++] = list[k];
	fl->depth = 0;
	fl->drawn_total = 0;
	fl->nnames = 0;
	while (nstack > 0) {
		size_t i = stack[--nstack], p = fl->nodes[i].parent;
		struct flame_node *v = &out[kept];

		*v = fl->nodes[i];
		new_index[i] = kept;
		v->parent = p == FLAME_ROOT ? FLAME_ROOT : new_index[p];
		v->depth = p == FLAME_ROOT ? 0 : out[v->parent].depth + 1;
		v->offset = next_offset[p == FLAME_ROOT ? n : p];
		next_offset[p == FLAME_ROOT ? n : p] += v->drawn;
		next_offset[i] = v->offset;
		if (p == FLAME_ROOT)
			fl->drawn_total += v->drawn;
		if (v->depth + 1 > fl->depth)
			fl->depth = v->depth + 1;
		kept++;
		for (size_t k = start[i + 1]; k-- > start[i];)
			stack[nstack++] = list[k];
	}
	free(fl->nodes);
	fl->nodes = out;
	fl->n = fl->cap = kept;

	/* Name ids by first appearance. */
	fl->names = xmalloc((kept ? kept : 1) * sizeof(*fl->names));
	{
		struct seen { const char *name; size_t id; UT_hash_handle hh; } *seen = NULL, *s, *t;

		for (size_t i = 0; i < kept; i++) {
			HASH_FIND_PTR(seen, &out[i].name, s);
			if (s == NULL) {
				s = xmalloc(sizeof(*s));
				s->name = out[i].name;
				s->id = fl->nnames;
				fl->names[fl->nnames++] = out[i].name;
				HASH_ADD_PTR(seen, name, s);
			}
			out[i].name_id = s->id;
		}
		HASH_ITER(hh, seen, s, t) {
			HASH_DEL(seen, s);
			free(s);
		}
	}
	free(start);
	free(list);
	free(fill);
	free(stack);
	free(new_index);
	free(next_offset);
}

void flame_finish(struct flame *fl)
{
	sum_widths(fl);
	order_nodes(fl);
	fl->share_total[FLAME_OLD] = fl->total[FLAME_OLD];
	fl->share_total[FLAME_NEW] = fl->total[FLAME_NEW];
	free(fl->child_slots);
	fl->child_slots = NULL;
	fl->child_mask = 0;
}

void flame_share_of(struct flame *fl, int side, cost_t whole)
{
	fl->share_total[side] = whole == COST_ABSENT ? fl->total[side] : whole;
}

/* Name ids by text, for flame_describe. */
struct name_id {
	const char *text;
	size_t id;
	UT_hash_handle hh;
};

static void free_ids(struct name_id *ids)
{
	struct name_id *e, *tmp;

	HASH_ITER(hh, ids, e, tmp) {
		HASH_DEL(ids, e);
		free(e);
	}
}

/* Each name's label, and how many other names share it. */
static void label_names(struct flame *fl)
{
	struct name_id *by_label = NULL, *e;
	size_t *first = xmalloc((fl->nnames ? fl->nnames : 1) * sizeof(*first));
	size_t *count = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*count));

	for (size_t i = 0; i < fl->nnames; i++) {
		struct flame_about *a = &fl->about[i];
		const char *label;

		a->label = name_shorten(fl->names[i], NAME_LABEL_MAX);
		if (strcmp(a->label, fl->names[i]) == 0) {
			free(a->label);
			a->label = NULL;
		}
		label = a->label != NULL ? a->label : fl->names[i];
		HASH_FIND_STR(by_label, label, e);
		if (e == NULL) {
			e = xmalloc(sizeof(*e));
			e->text = label;
			e->id = i;
			HASH_ADD_KEYPTR(hh, by_label, e->text, strlen(e->text), e);
		}
		first[i] = e->id;
		count[e->id]++;
	}
	/* Counted on the first name of each label. */
	for (size_t i = 0; i < fl->nnames; i++)
		fl->about[i].same_label = count[first[i]] - 1;
	free(first);
	free(count);
	free_ids(by_label);
}

/* Add FILE's base name to the files of code inlined into A, once. */
static void add_inlined(struct flame_about *a, const char *file)
{
	const char *slash = strrchr(file, '/'), *base = slash != NULL && slash[1] ? slash + 1 : file;
	size_t k = 0;

	while (k < a->ninlined && strcmp(a->inlined[k], base) < 0)
		k++;
	if (k < a->ninlined && strcmp(a->inlined[k], base) == 0)
		return;
	a->inlined = xreallocarray(a->inlined, a->ninlined + 1, sizeof(*a->inlined));
	memmove(a->inlined + k + 1, a->inlined + k, (a->ninlined - k) * sizeof(*a->inlined));
	a->inlined[k] = xstrdup(base);
	a->ninlined++;
}

/* F's figures of EVENT added to A: a function with frames of its own
 * (an estimate), its inclusive cost and its estimate.  An absent bound
 * proves nothing, 0, which its frames may well exceed. */
static void add_figures(struct flame_about *a, const struct func *f, size_t event)
{
	cost_t bound = f->total[event] == COST_ABSENT ? 0 : f->total[event];
	cost_t estimate = f->estimate[event];

	if (estimate == COST_ABSENT)
		return;
	a->bound += bound;
	a->estimate += estimate;
	if (f->recursive && estimate != bound)
		a->beside = true;
}

void flame_describe(struct flame *fl, const struct profile *p, size_t event, bool figures)
{
	struct name_id *ids = NULL, *e;

	if (fl->about == NULL) {
		fl->about = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*fl->about));
		label_names(fl);
	}
	for (size_t i = 0; i < fl->nnames; i++) {
		e = xmalloc(sizeof(*e));
		e->text = fl->names[i];
		e->id = i;
		HASH_ADD_KEYPTR(hh, ids, e->text, strlen(e->text), e);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *f = p->func_list[i];
		char *text = flame_frame_name(f->key.name);

		HASH_FIND_STR(ids, text, e);
		free(text);
		if (e == NULL)
			continue;
		/* Code inlined from another file is part of the function it was
		 * inlined into: frames of its name are of that function. */
		if (f->host != NULL && f->key.file != f->host->key.file)
			add_inlined(&fl->about[e->id], f->key.file->name);
		else if (figures && f->estimate != NULL && f->total != NULL)
			add_figures(&fl->about[e->id], f, event);
	}
	free_ids(ids);
}

void flame_release(struct flame *fl)
{
	struct flame_name *e, *tmp;

	HASH_ITER(hh, fl->name_table, e, tmp) {
		HASH_DEL(fl->name_table, e);
		free(e->text);
		free(e);
	}
	for (size_t i = 0; fl->about != NULL && i < fl->nnames; i++) {
		free(fl->about[i].label);
		for (size_t k = 0; k < fl->about[i].ninlined; k++)
			free(fl->about[i].inlined[k]);
		free(fl->about[i].inlined);
	}
	free(fl->about);
	free(fl->child_slots);
	free(fl->nodes);
	free(fl->names);
	memset(fl, 0, sizeof(*fl));
}

double flame_relative_change(const struct flame *fl, const struct flame_node *v)
{
	double old = v != NULL ? v->exact[FLAME_OLD] : fl->exact_total[FLAME_OLD];
	double new = v != NULL ? v->exact[FLAME_NEW] : fl->exact_total[FLAME_NEW];
	cost_t a = v != NULL ? v->width[FLAME_OLD] : fl->total[FLAME_OLD];
	cost_t b = v != NULL ? v->width[FLAME_NEW] : fl->total[FLAME_NEW];

	/* Whole counts that did not change did not change, and whole counts
	 * that did changed, though the widths before rounding be equal (their
	 * rounding apart): their colour and tooltip say so. */
	if (a == b)
		return 0;
	if (old <= 0 || new == old)
		return a == 0 ? INFINITY : (double)(b - a) * 100.0 / (double)a;
	return (new - old) * 100.0 / old;
}
