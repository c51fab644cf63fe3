#include "calc-flame.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calc-estimate.h"
#include "diag.h"
#include "fmt-name.h"
#include "hash.h"
#include "keysort.h"
#include "xalloc.h"

/* Frame texts, interned: equal texts share one pointer and one key, the
 * order in which they were first seen. */
struct flame_name {
	char *text;
	size_t key;
	size_t id;                 /* its name id once finished; SIZE_MAX: no node drawn */
	UT_hash_handle hh;
};

/* A frame of the stacks added, kept until flame_finish merges them. */
struct flame_frame {
	size_t parent;             /* an earlier frame, or FLAME_ROOT */
	uint32_t name;             /* its text's key */
	uint32_t side;
	uint64_t count;            /* what it adds to its node's self: 0 unless shown */
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

/* The interned frame text of function name FUNCNAME, or NULL.  Most names
 * are their own frame text: looked up as they are. */
static struct flame_name *find_name(const struct flame *fl, const char *funcname)
{
	struct flame_name *e;
	char *text;

	if (strpbrk(funcname, ";\n") == NULL) {
		HASH_FIND_STR(fl->name_table, funcname, e);
		return e;
	}
	text = flame_frame_name(funcname);
	HASH_FIND_STR(fl->name_table, text, e);
	free(text);
	return e;
}

static size_t intern(struct flame *fl, const char *funcname)
{
	struct flame_name *e;
	char *text = NULL;
	const char *key = funcname;
	size_t len;
	unsigned hashv;

	/* Most names are their own frame text: hashed once, copied if new. */
	if (strpbrk(funcname, ";\n") != NULL)
		key = text = flame_frame_name(funcname);
	len = strlen(key);
	HASH_VALUE(key, len, hashv);
	HASH_FIND_BYHASHVALUE(hh, fl->name_table, key, len, hashv, e);
	if (e != NULL) {
		free(text);
		return e->key;
	}
	e = xmalloc(sizeof(*e));
	e->text = text != NULL ? text : xstrdup(funcname);
	e->key = fl->nkeys;
	e->id = SIZE_MAX;
	HASH_ADD_KEYPTR_BYHASHVALUE(hh, fl->name_table, e->text, len, hashv, e);
	xgrow(&fl->key_name, &fl->key_cap, fl->nkeys + 1, sizeof(*fl->key_name));
	fl->key_name[fl->nkeys++] = e;
	return e->key;
}

void flame_add(struct flame *fl, const struct stacks *s, int side)
{
	/* Each function's frame text, looked up once: by function index. */
	size_t base = fl->nframes, *name_of = NULL, nfuncs = 0;

	/* Names and depths are numbered in 32 bits. */
	if (base + s->n >= UINT32_MAX)
		die(EXIT_INPUT, "more than %u frames in one flame graph", UINT32_MAX - 1);
	xgrow(&fl->frames, &fl->frames_cap, base + s->n, sizeof(*fl->frames));
	/* The counts before rounding, of which only a diff's relative
	 * changes are. */
	if (fl->diff)
		fl->frame_exact = xreallocarray(fl->frame_exact, fl->frames_cap,
						sizeof(*fl->frame_exact));
	for (size_t f = 0; f < s->n; f++) {
		const struct stack_frame *sf = &s->frames[f];
		struct flame_frame *fr = &fl->frames[base + f];
		size_t index = sf->index, *name;
		cost_t count;

		if (index >= nfuncs) {
			size_t had = nfuncs;

			xgrow(&name_of, &nfuncs, index + 1, sizeof(*name_of));
			for (size_t i = had; i < nfuncs; i++)
				name_of[i] = SIZE_MAX;
		}
		name = &name_of[index];
		if (*name == SIZE_MAX)
			*name = intern(fl, sf->func->key.name);
		fr->parent = sf->parent == STACKS_ROOT ? FLAME_ROOT : base + sf->parent;
		fr->name = (uint32_t)*name;
		fr->side = (uint32_t)side;
		/* What --format=folded writes: shown stacks with a count (in 64
		 * bits when their total is, which flame_finish sees to). */
		count = sf->shown && sf->count > 0 ? sf->count : 0;
		fr->count = (uint64_t)count;
		fl->total[side] += count;
		fl->exact_total[side] += sf->shown ? sf->exact : 0;
		if (fl->diff)
			fl->frame_exact[base + f] = sf->shown ? sf->exact : 0;
	}
	fl->nframes = base + s->n;
	free(name_of);
}

/* No frame: the end of a list of frames, which number fewer (flame_add). */
#define NO_FRAME UINT32_MAX

/* A node being made: the frames it merges (the first and the last of a
 * list linked by struct build's next), its name's key and its parent. */
struct pending {
	size_t name, first, last, parent;
};

/* What flame_finish merges the frames with. */
struct build {
	const struct flame_frame *frames;
	size_t n;
	uint32_t *start, *kids;    /* frame f's children: kids[start[f] .. start[f + 1]),
				      the roots' at f = n */
	uint32_t *kid_name;        /* beside kids: each one's name key */
	uint32_t *next;            /* the frame after f in its node's list, or NO_FRAME */
	size_t *stamp, *at;        /* by name key: the gathering that last saw it, and
				      its node's place in todo */
	size_t gathering;
	const size_t *rank;        /* by name key: its place in byte order */
	struct pending *todo;      /* nodes to make, the next one last */
	size_t ntodo;
	struct keyed *keyed;       /* what order_pending sorts with */
	size_t keyed_cap;
};

void flame_children(size_t n, const size_t *parent, size_t stride, uint32_t **first,
		    uint32_t **kids)
{
	uint32_t *fill;

#define PARENT(i) (*(const size_t *)((const char *)parent + (i) * stride))
#define SLOT(i) (PARENT(i) == FLAME_ROOT ? n : PARENT(i))
	*first = xcalloc(n + 2, sizeof(**first));
	*kids = xmalloc((n ? n : 1) * sizeof(**kids));
	for (size_t i = 0; i < n; i++)
		(*first)[SLOT(i) + 1]++;
	for (size_t v = 0; v <= n; v++)
		(*first)[v + 1] += (*first)[v];
	fill = xmalloc((n + 1) * sizeof(*fill));
	memcpy(fill, *first, (n + 1) * sizeof(*fill));
	for (size_t i = 0; i < n; i++)
		(*kids)[fill[SLOT(i)]++] = (uint32_t)i;
	free(fill);
#undef SLOT
#undef PARENT
}

static void build_children(struct build *b)
{
	flame_children(b->n, b->n ? &b->frames[0].parent : NULL, sizeof(*b->frames), &b->start,
		       &b->kids);
	b->kid_name = xmalloc((b->n ? b->n : 1) * sizeof(*b->kid_name));
	for (size_t j = 0; j < b->n; j++)
		b->kid_name[j] = b->frames[b->kids[j]].name;
}

static int name_cmp(size_t x, size_t y, void *arg)
{
	struct flame_name *const *key_name = arg;

	return strcmp(key_name[x]->text, key_name[y]->text);
}

/* By name key, each name's place in byte order. */
static size_t *name_ranks(const struct flame *fl)
{
	struct keyed *sorted = xmalloc((fl->nkeys ? fl->nkeys : 1) * sizeof(*sorted));
	size_t *rank = xmalloc((fl->nkeys ? fl->nkeys : 1) * sizeof(*rank));

	for (size_t i = 0; i < fl->nkeys; i++)
		sorted[i] = (struct keyed){ keysort_text(fl->key_name[i]->text), i };
	keysort_tie(sorted, fl->nkeys, name_cmp, fl->key_name);
	for (size_t i = 0; i < fl->nkeys; i++)
		rank[sorted[i].index] = i;
	free(sorted);
	return rank;
}

/* The nodes B->todo[FROM ..] by their names' places in byte order, the
 * last first: each name is there once. */
static void order_pending(struct build *b, size_t from)
{
	size_t n = b->ntodo - from;

	xgrow(&b->keyed, &b->keyed_cap, n, sizeof(*b->keyed));
	for (size_t i = 0; i < n; i++)
		b->keyed[i] = (struct keyed){ SIZE_MAX - b->rank[b->todo[from + i].name], i };
	keysort_items(b->todo + from, sizeof(*b->todo), b->keyed, n, NULL, NULL);
}

/* Push the children of the frames in FIRST's list (the roots: n) as nodes
 * to make under node PARENT: one per name, merging the frames of that
 * name, the first name in byte order on top. */
static void gather(struct build *b, size_t first, size_t parent)
{
	size_t from = b->ntodo;

	b->gathering++;
	for (size_t f = first; f != NO_FRAME; f = b->next[f]) {
		for (size_t j = b->start[f]; j < b->start[f + 1]; j++) {
			size_t c = b->kids[j], name = b->kid_name[j];

			b->next[c] = NO_FRAME;
			if (b->stamp[name] == b->gathering) {
				struct pending *t = &b->todo[b->at[name]];

				b->next[t->last] = (uint32_t)c;
				t->last = c;
				continue;
			}
			b->stamp[name] = b->gathering;
			b->at[name] = b->ntodo;
			b->todo[b->ntodo++] = (struct pending){ name, c, c, parent };
		}
	}
	if (b->ntodo - from > 1)
		order_pending(b, from);
}

/* The nodes in preorder, siblings in byte order of their names, each the
 * frames of its stack merged: their counts added. */
static void make_nodes(struct flame *fl, struct build *b)
{
	fl->nodes = xmalloc((b->n ? b->n : 1) * sizeof(*fl->nodes));
	if (fl->diff)
		fl->old = xcalloc(b->n ? b->n : 1, sizeof(*fl->old));
	fl->n = fl->cap = 0;
	b->next[b->n] = NO_FRAME;
	gather(b, b->n, FLAME_ROOT);
	while (b->ntodo > 0) {
		struct pending t = b->todo[--b->ntodo];
		struct flame_node *v = &fl->nodes[fl->n];

		*v = (struct flame_node){ .parent = t.parent, .name_id = (uint32_t)t.name };
		v->depth = t.parent == FLAME_ROOT ? 0 : fl->nodes[t.parent].depth + 1;
		for (size_t f = t.first; f != NO_FRAME; f = b->next[f]) {
			const struct flame_frame *fr = &b->frames[f];

			if (fr->side == FLAME_NEW) {
				v->self += fr->count;
				if (fl->old != NULL)
					fl->old[fl->n].exact_new += fl->frame_exact[f];
			} else {
				fl->old[fl->n].self += fr->count;
				fl->old[fl->n].exact += fl->frame_exact[f];
			}
		}
		gather(b, t.first, fl->n++);
	}
	fl->cap = fl->n;
}

/* Widths from the leaves up: in reverse preorder, children come before
 * their parents. */
static void sum_widths(struct flame *fl)
{
	for (size_t i = fl->n; i-- > 0;) {
		struct flame_node *v = &fl->nodes[i];
		struct flame_old *o = fl->old != NULL ? &fl->old[i] : NULL;

		v->width += v->self;
		if (o != NULL) {
			o->width += o->self;
			o->drawn += o->self > v->self ? o->self : v->self;
		}
		if (v->parent == FLAME_ROOT)
			continue;
		fl->nodes[v->parent].width += v->width;
		if (o != NULL) {
			struct flame_old *up = &fl->old[v->parent];

			up->width += o->width;
			up->exact += o->exact;
			up->exact_new += o->exact_new;
			up->drawn += o->drawn;
		}
	}
}

/* Keep the nodes drawn (width > 0: a node's width is at least its
 * children's) and number their names by first appearance. */
static void keep_drawn(struct flame *fl)
{
	size_t n = fl->n, kept = 0;
	uint32_t *new_index = xmalloc((n ? n : 1) * sizeof(*new_index));

	fl->names = xmalloc((n ? n : 1) * sizeof(*fl->names));
	fl->depth = 0;
	fl->drawn_total = 0;
	fl->nnames = 0;
	for (size_t i = 0; i < n; i++) {
		struct flame_node *v = &fl->nodes[kept];
		size_t p = fl->nodes[i].parent;
		cost_t drawn = flame_drawn(fl, i);
		struct flame_name *e;

		if (drawn <= 0)
			continue;
		*v = fl->nodes[i];
		if (fl->old != NULL)
			fl->old[kept] = fl->old[i];
		new_index[i] = (uint32_t)kept;
		v->parent = p == FLAME_ROOT ? FLAME_ROOT : new_index[p];
		if (v->parent == FLAME_ROOT)
			fl->drawn_total += drawn;
		if (v->depth + 1 > fl->depth)
			fl->depth = v->depth + 1;
		e = fl->key_name[v->name_id];
		if (e->id == SIZE_MAX) {
			e->id = fl->nnames;
			fl->names[fl->nnames++] = e->text;
		}
		v->name_id = (uint32_t)e->id;
		kept++;
	}
	fl->n = kept;
	free(new_index);
}

cost_t flame_offset(struct flame_cursor *c, const struct flame *fl, size_t v)
{
	size_t depth = fl->nodes[v].depth;
	cost_t at;

	if (depth + 2 > c->cap) {
		size_t had = c->cap;

		xgrow(&c->next, &c->cap, depth + 2, sizeof(*c->next));
		memset(c->next + had, 0, (c->cap - had) * sizeof(*c->next));
	}
	at = c->next[depth];
	c->next[depth] += flame_drawn(fl, v);
	c->next[depth + 1] = at;
	return at;
}

void flame_cursor_release(struct flame_cursor *c)
{
	free(c->next);
	memset(c, 0, sizeof(*c));
}

void flame_finish(struct flame *fl)
{
	struct build b = { .frames = fl->frames, .n = fl->nframes };

	/* A side's counts and widths, at most its total, take 64 bits; the
	 * reader refuses counts that add up to more. */
	if (fl->total[FLAME_OLD] > (cost_t)UINT64_MAX || fl->total[FLAME_NEW] > (cost_t)UINT64_MAX)
		die(EXIT_INPUT, "the stacks' total does not fit in 64 bits");

	build_children(&b);
	b.next = xmalloc((b.n + 1) * sizeof(*b.next));
	b.stamp = xcalloc(fl->nkeys ? fl->nkeys : 1, sizeof(*b.stamp));
	b.at = xmalloc((fl->nkeys ? fl->nkeys : 1) * sizeof(*b.at));
	b.rank = name_ranks(fl);
	b.todo = xmalloc((b.n ? b.n : 1) * sizeof(*b.todo));
	make_nodes(fl, &b);
	free(b.start);
	free(b.kids);
	free(b.kid_name);
	free(b.next);
	free(b.stamp);
	free(b.at);
	free((size_t *)b.rank);
	free(b.todo);
	free(b.keyed);
	free(fl->frames);
	free(fl->frame_exact);
	fl->frames = NULL;
	fl->frame_exact = NULL;
	fl->nframes = fl->frames_cap = 0;
	sum_widths(fl);
	keep_drawn(fl);
	fl->share_total[FLAME_OLD] = fl->total[FLAME_OLD];
	fl->share_total[FLAME_NEW] = fl->total[FLAME_NEW];
}

void flame_share_of(struct flame *fl, int side, cost_t whole)
{
	fl->share_total[side] = whole == COST_ABSENT ? fl->total[side] : whole;
}

/* Name ids by text, for label_names. */
struct name_id {
	const char *text;
	size_t id;
	UT_hash_handle hh;
};

/* Each name's label, and how many other names share it. */
static void label_names(struct flame *fl)
{
	/* One entry per name at most, in one block. */
	struct name_id *by_label = NULL, *e, *ids = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*ids));
	size_t nids = 0;
	size_t *first = xmalloc((fl->nnames ? fl->nnames : 1) * sizeof(*first));
	size_t *count = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*count));

	for (size_t i = 0; i < fl->nnames; i++) {
		struct flame_about *a = &fl->about[i];
		const char *label;

		/* A name of no more characters is its own label. */
		a->label = name_chars(fl->names[i]) <= NAME_LABEL_MAX ? NULL
			   : name_shorten(fl->names[i], NAME_LABEL_MAX);
		if (a->label != NULL && strcmp(a->label, fl->names[i]) == 0) {
			free(a->label);
			a->label = NULL;
		}
		label = a->label != NULL ? a->label : fl->names[i];
		HASH_FIND_STR(by_label, label, e);
		if (e == NULL) {
			e = &ids[nids++];
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
	HASH_CLEAR(hh, by_label);
	free(ids);
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

const char *flame_label_of(const struct flame *fl, const char *text, bool *found)
{
	const struct flame_name *e = fl->about != NULL && strpbrk(text, ";\n") == NULL
				     ? find_name(fl, text) : NULL;

	*found = e != NULL && e->id != SIZE_MAX;
	return *found ? fl->about[e->id].label : NULL;
}

void flame_describe(struct flame *fl, const struct profile *p, size_t event, bool figures)
{
	if (fl->about == NULL) {
		fl->about = xcalloc(fl->nnames ? fl->nnames : 1, sizeof(*fl->about));
		label_names(fl);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		const struct func *f = p->func_list[i];
		const struct flame_name *e = find_name(fl, f->key.name);

		if (e == NULL || e->id == SIZE_MAX)
			continue;
		/* Code inlined from another file is part of the function it was
		 * inlined into: frames of its name are of that function. */
		if (f->host != NULL && f->key.file != f->host->key.file)
			add_inlined(&fl->about[e->id], f->key.file->name);
		else if (figures && f->estimate != NULL && f->total != NULL)
			add_figures(&fl->about[e->id], f, event);
	}
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
	free(fl->frames);
	free(fl->frame_exact);
	free(fl->key_name);
	free(fl->nodes);
	free(fl->old);
	free(fl->names);
	memset(fl, 0, sizeof(*fl));
}

double flame_relative_change(const struct flame *fl, size_t v)
{
	bool all = v == FLAME_ROOT;
	double old = all ? fl->exact_total[FLAME_OLD] : fl->old != NULL ? fl->old[v].exact : 0;
	double new = all ? fl->exact_total[FLAME_NEW] : fl->old != NULL ? fl->old[v].exact_new : 0;
	cost_t a = all ? fl->total[FLAME_OLD] : flame_width(fl, v, FLAME_OLD);
	cost_t b = all ? fl->total[FLAME_NEW] : flame_width(fl, v, FLAME_NEW);

	/* Whole counts that did not change did not change, and whole counts
	 * that did changed, though the widths before rounding be equal (their
	 * rounding apart): their colour and tooltip say so. */
	if (a == b)
		return 0;
	if (old <= 0 || new == old)
		return a == 0 ? INFINITY : (double)(b - a) * 100.0 / (double)a;
	return (new - old) * 100.0 / old;
}
