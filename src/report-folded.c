#include "report-folded.h"

#include <stdlib.h>
#include <string.h>

#include "calc-flame.h"
#include "fmt-num.h"
#include "xalloc.h"

/* What a node of the flame tree puts among its siblings' lines: its own
 * line (the text ends after its name) and its children's (a ';' follows
 * its name). */
struct entry {
	const char *name;
	size_t len;
	size_t node;
	bool children;
};

/* The byte order of the texts of two entries: their names, then the end of
 * the text or ';' (ends sort before any byte). */
static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);
	int cx, cy;

	if (c != 0)
		return c;
	cx = x->len > n ? (unsigned char)x->name[n] : x->children ? ';' : -1;
	cy = y->len > n ? (unsigned char)y->name[n] : y->children ? ';' : -1;
	return (cx > cy) - (cx < cy);
}

/* The tree's children lists: node v's are kids[first[v] .. first[v + 1]),
 * the roots' at the end (v = n). */
struct kids {
	uint32_t *first, *kids;
};

static void kids_of(struct kids *k, const struct flame *fl)
{
	flame_children(fl->n, fl->n ? &fl->nodes[0].parent : NULL, sizeof(*fl->nodes), &k->first,
		       &k->kids);
}

/* Push the entries of node V's children onto *E (from *N on), sorted;
 * returns how many. */
static size_t push_entries(const struct flame *fl, const struct kids *k, size_t v,
			   struct entry **e, size_t *n, size_t *cap)
{
	size_t m = *n;

	for (size_t j = k->first[v]; j < k->first[v + 1]; j++) {
		size_t c = k->kids[j];
		const char *name = fl->names[fl->nodes[c].name_id];
		size_t len = strlen(name);

		xgrow(e, cap, m + 2, sizeof(**e));
		if (fl->nodes[c].self != 0)
			(*e)[m++] = (struct entry){ name, len, c, false };
		if (k->first[c + 1] > k->first[c])
			(*e)[m++] = (struct entry){ name, len, c, true };
	}
	/* Most frames have one callee: its line, then its callees' lines. */
	if (m - *n > 2 || (m - *n == 2 && (*e)[*n].node != (*e)[*n + 1].node))
		qsort(*e + *n, m - *n, sizeof(**e), entry_cmp);
	m -= *n;
	*n += m;
	return m;
}

/* A level of the walk: one node's children's entries, E[AT .. AT + N),
 * and where the text of that node ends. */
struct level {
	size_t at, n, next, mark;
};

/* Every line, depth first, each level's entries in byte order. */
static void write_lines(FILE *out, const struct flame *fl, const struct kids *k)
{
	struct level *stack = NULL;
	struct entry *e = NULL;
	size_t sp = 0, cap = 0, len = 0, text_cap = 0, ne = 0, ecap = 0;
	char *text = NULL;

	xgrow(&stack, &cap, 1, sizeof(*stack));
	stack[sp].at = 0;
	stack[sp].n = push_entries(fl, k, fl->n, &e, &ne, &ecap);
	stack[sp].next = stack[sp].mark = 0;
	sp++;
	while (sp > 0) {
		struct level *lv = &stack[sp - 1];
		struct entry en;

		if (lv->next == lv->n) {
			ne = lv->at;
			sp--;
			continue;
		}
		en = e[lv->at + lv->next++];
		len = lv->mark;
		xgrow(&text, &text_cap, len + en.len + NUMFMT_COUNT_MAX + 3, 1);
		if (len > 0)
			text[len++] = ';';
		memcpy(text + len, en.name, en.len);
		len += en.len;
		if (en.children) {
			xgrow(&stack, &cap, sp + 1, sizeof(*stack));
			stack[sp].at = ne;
			stack[sp].n = push_entries(fl, k, en.node, &e, &ne, &ecap);
			stack[sp].next = 0;
			stack[sp].mark = len;
			sp++;
			continue;
		}
		text[len++] = ' ';
		len += numfmt_decimal(text + len, fl->nodes[en.node].self);
		text[len++] = '\n';
		fwrite(text, 1, len, out);
	}
	free(stack);
	free(e);
	free(text);
}

void report_folded(FILE *out, const struct stacks *s)
{
	struct flame fl;
	struct kids k;

	/* The stacks merged as the lines merge them: the flame graph's tree. */
	flame_init(&fl, false);
	flame_add(&fl, s, FLAME_NEW);
	flame_finish(&fl);
	kids_of(&k, &fl);
	write_lines(out, &fl, &k);
	free(k.first);
	free(k.kids);
	flame_release(&fl);
}
