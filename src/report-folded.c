#include "report-folded.h"

#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "hash.h"
#include "xalloc.h"

/* A frame as folded stacks write it: ';' separates frames and a newline
 * lines.  One entry per distinct text, so that names that print alike are
 * one frame and frames compare by pointer. */
struct frame_name {
	char *text;
	UT_hash_handle hh;
};

struct names {
	struct frame_name *by_text;
	const char **of_frame;     /* by frame of the stacks */
};

static const char *frame_name(struct names *nm, const char *name)
{
	size_t n = strlen(name);
	char *t = xmalloc(n + 1);
	struct frame_name *e;

	for (size_t i = 0; i < n; i++)
		t[i] = name[i] == ';' ? ':' : name[i] == '\n' ? ' ' : name[i];
	t[n] = '\0';
	HASH_FIND(hh, nm->by_text, t, n, e);
	if (e != NULL) {
		free(t);
		return e->text;
	}
	e = xmalloc(sizeof(*e));
	e->text = t;
	HASH_ADD_KEYPTR(hh, nm->by_text, t, n, e);
	return t;
}

static void names_release(struct names *nm)
{
	struct frame_name *e, *tmp;

	HASH_ITER(hh, nm->by_text, e, tmp) {
		HASH_DEL(nm->by_text, e);
		free(e->text);
		free(e);
	}
	free(nm->of_frame);
}

/* The stacks by name: a node per distinct stack of frame names, with the
 * sum of the counts of the stacks that print as it. */
struct node {
	const char *name;
	size_t len;
	cost_t count;
	size_t first, last;        /* its children, through next: NONE if none */
	size_t next;
};

#define NONE ((size_t)-1)

struct trie {
	struct node *nodes;
	size_t n, cap;
	size_t *slots;             /* nodes by (parent, name), open addressing */
	size_t mask;
	size_t *parent;
};

static size_t slot_hash(size_t parent, const char *name)
{
	uint64_t h = (uint64_t)parent * 0x9e3779b97f4a7c15u ^ (uint64_t)(uintptr_t)name * 0xc2b2ae3d27d4eb4fu;

	return (size_t)(h ^ (h >> 31));
}

static void trie_rehash(struct trie *t)
{
	size_t n = t->mask ? 2 * (t->mask + 1) : 1024;

	free(t->slots);
	t->slots = xcalloc(n, sizeof(*t->slots));
	t->mask = n - 1;
	for (size_t i = 0; i < t->n; i++) {
		size_t k = slot_hash(t->parent[i], t->nodes[i].name) & t->mask;

		while (t->slots[k] != 0)
			k = (k + 1) & t->mask;
		t->slots[k] = i + 1;
	}
}

/* The child NAME of node PARENT (NONE: a root), made if new. */
static size_t trie_child(struct trie *t, size_t parent, const char *name)
{
	size_t k;

	if (2 * (t->n + 1) > t->mask)
		trie_rehash(t);
	for (k = slot_hash(parent, name) & t->mask; t->slots[k] != 0; k = (k + 1) & t->mask) {
		size_t i = t->slots[k] - 1;

		if (t->parent[i] == parent && t->nodes[i].name == name)
			return i;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->nodes = xreallocarray(t->nodes, t->cap, sizeof(*t->nodes));
		t->parent = xreallocarray(t->parent, t->cap, sizeof(*t->parent));
	}
	t->nodes[t->n] = (struct node){ name, strlen(name), 0, NONE, NONE, NONE };
	t->parent[t->n] = parent;
	t->slots[k] = t->n + 1;
	return t->n++;
}

/* What a node puts among its siblings' lines: its own line (the text ends
 * after its name) and its children's (a ';' follows its name). */
struct entry {
	const struct node *node;
	bool children;
};

/* The byte order of the texts of two entries: their names, then the end of
 * the text or ';' (ends sort before any byte). */
static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	size_t n = x->node->len < y->node->len ? x->node->len : y->node->len;
	int c = memcmp(x->node->name, y->node->name, n);
	int cx, cy;

	if (c != 0)
		return c;
	cx = x->node->len > n ? (unsigned char)x->node->name[n] : x->children ? ';' : -1;
	cy = y->node->len > n ? (unsigned char)y->node->name[n] : y->children ? ';' : -1;
	return (cx > cy) - (cx < cy);
}

/* Push the entries of the children of node FIRST's list onto *E (from
 * *N on), sorted; returns how many. */
static size_t push_entries(const struct trie *t, size_t first, struct entry **e, size_t *n,
			   size_t *cap)
{
	size_t k = *n;

	for (size_t c = first; c != NONE; c = t->nodes[c].next) {
		xgrow(e, cap, k + 2, sizeof(**e));
		if (t->nodes[c].count != 0)
			(*e)[k++] = (struct entry){ &t->nodes[c], false };
		if (t->nodes[c].first != NONE)
			(*e)[k++] = (struct entry){ &t->nodes[c], true };
	}
	/* Most frames have one callee: its line, then its callees' lines. */
	if (k - *n > 2 || (k - *n == 2 && (*e)[*n].node != (*e)[*n + 1].node))
		qsort(*e + *n, k - *n, sizeof(**e), entry_cmp);
	k -= *n;
	*n += k;
	return k;
}

/* A level of the walk: one node's children's entries, ENTRIES[AT ..
 * AT + N), and where the text of that node ends. */
struct level {
	size_t at, n, next, mark;
};

/* Every line, depth first, each level's entries in byte order. */
static void write_lines(FILE *out, const struct trie *t, size_t roots)
{
	struct level *stack = NULL;
	struct entry *e = NULL;
	size_t sp = 0, cap = 0, len = 0, text_cap = 0, ne = 0, ecap = 0;
	char *text = NULL;

	xgrow(&stack, &cap, 1, sizeof(*stack));
	stack[sp].at = 0;
	stack[sp].n = push_entries(t, roots, &e, &ne, &ecap);
	stack[sp].next = stack[sp].mark = 0;
	sp++;
	while (sp > 0) {
		struct level *lv = &stack[sp - 1];
		const struct node *nd;
		bool children;

		if (lv->next == lv->n) {
			ne = lv->at;
			sp--;
			continue;
		}
		nd = e[lv->at + lv->next].node;
		children = e[lv->at + lv->next].children;
		lv->next++;
		len = lv->mark;
		xgrow(&text, &text_cap, len + nd->len + NUMFMT_COUNT_MAX + 3, 1);
		if (len > 0)
			text[len++] = ';';
		memcpy(text + len, nd->name, nd->len);
		len += nd->len;
		if (children) {
			xgrow(&stack, &cap, sp + 1, sizeof(*stack));
			stack[sp].at = ne;
			stack[sp].n = push_entries(t, nd->first, &e, &ne, &ecap);
			stack[sp].next = 0;
			stack[sp].mark = len;
			sp++;
			continue;
		}
		text[len++] = ' ';
		len += numfmt_decimal(text + len, nd->count);
		text[len++] = '\n';
		fwrite(text, 1, len, out);
	}
	free(stack);
	free(e);
	free(text);
}

void report_folded(FILE *out, const struct stacks *s)
{
	struct names nm = { NULL, NULL };
	struct trie t = { NULL, 0, 0, NULL, 0, NULL };
	size_t *node = xcalloc(s->n ? s->n : 1, sizeof(*node)), roots = NONE, last = NONE;

	size_t nfuncs = 0;
	const char **of_func;

	for (size_t f = 0; f < s->n; f++)
		if (s->frames[f].func->index >= nfuncs)
			nfuncs = s->frames[f].func->index + 1;
	of_func = xcalloc(nfuncs ? nfuncs : 1, sizeof(*of_func));
	nm.of_frame = xcalloc(s->n ? s->n : 1, sizeof(*nm.of_frame));
	for (size_t f = 0; f < s->n; f++) {
		size_t up = s->frames[f].parent, before = t.n, i;
		const struct func *fn = s->frames[f].func;

		if (of_func[fn->index] == NULL)
			of_func[fn->index] = frame_name(&nm, fn->key.name);
		nm.of_frame[f] = of_func[fn->index];
		up = up == STACKS_ROOT ? NONE : node[up];
		i = node[f] = trie_child(&t, up, nm.of_frame[f]);
		if (s->frames[f].shown)
			t.nodes[i].count += s->frames[f].count;
		if (i != before)
			continue;
		/* Link it into its parent's list of children. */
		if (up == NONE) {
			if (last == NONE)
				roots = i;
			else
				t.nodes[last].next = i;
			last = i;
		} else if (t.nodes[up].first == NONE) {
			t.nodes[up].first = t.nodes[up].last = i;
		} else {
			t.nodes[t.nodes[up].last].next = i;
			t.nodes[up].last = i;
		}
	}
	write_lines(out, &t, roots);
	free(of_func);
	free(node);
	free(t.nodes);
	free(t.parent);
	free(t.slots);
	names_release(&nm);
}
