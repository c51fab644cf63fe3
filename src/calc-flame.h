/* The tree a flame graph draws: the estimated stacks (calc-stacks.h) merged
 * as --format=folded merges them, so that the frames' widths add up to the
 * folded counts.
 *
 * A frame is a function name as a folded line writes it (';' as ':', a
 * newline as a space): functions of one name in several files are one
 * frame, and sibling frames of one name are one node.  A node's width is
 * the sum of the folded lines that start with its stack.  Nodes come in
 * preorder, siblings by name in byte order (the order of folded lines),
 * so a node's descendants follow it and end before the next node of its
 * depth or less.
 *
 * A tree has one or two sides: one profile's stacks, or in a differential
 * flame graph OLD's (side 0) and NEW's (side 1) added to one tree.  There
 * a node is drawn as wide as the larger of its two own counts plus its
 * children's drawn widths, so that stacks only one of the two has stay
 * visible. */
#ifndef CGA_CALC_FLAME_H
#define CGA_CALC_FLAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "calc-stacks.h"
#include "model-cost.h"
#include "model-profile.h"

#define FLAME_ROOT ((size_t)-1)
#define FLAME_OLD 0
#define FLAME_NEW 1

/* A node, as side FLAME_NEW (a single profile's) has it: a large profile's
 * tree has hundreds of thousands, so what only a diff needs is apart
 * (struct flame_old), where it starts is found as it is drawn
 * (flame_offset), and its counts take 64 bits: they are parts of one
 * profile's total of an event, which the reader keeps within 64 bits. */
struct flame_node {
	size_t parent;             /* FLAME_ROOT for the outermost frames */
	uint32_t name_id;          /* names numbered by first appearance in preorder:
				      the frame's text is names[name_id] */
	uint32_t depth;            /* 0 for the outermost frames */
	uint64_t width;            /* the sum of the stacks through it */
	uint64_t self;             /* the count of the stack ending in it */
};

/* What a differential flame graph has of a node besides: its side
 * FLAME_OLD, the width it is drawn (max(self, NEW's self) + the children's
 * drawn widths), and each side's width before the stacks were rounded to
 * whole counts (stack_frame.exact), which the relative change is of: it
 * scales exactly with the costs. */
struct flame_old {
	cost_t width, self, drawn;
	double exact;
	double exact_new;
};

struct flame_name;
struct flame_frame;

/* What a flame graph says of a frame name besides its frames' counts
 * (flame_describe): how frames label it, and of the functions it names,
 * the figures their frames do not give. */
struct flame_about {
	char *label;               /* the name shortened as the call graph shortens it
				      (fmt-name.h); NULL: the name itself */
	size_t same_label;         /* how many other names have the same label */
	bool beside;               /* a function of the name is recursive, and its
				      estimate differs from its inclusive cost */
	cost_t bound, estimate;    /* then, summed over the name's functions: their
				      inclusive costs (proven lower bounds) and their
				      estimates (the stacks containing them) */
	char **inlined;            /* the files (base names) of code inlined into the
				      name's functions, by name */
	size_t ninlined;
};

struct flame {
	struct flame_node *nodes;  /* preorder once finished */
	struct flame_old *old;     /* beside them in a diff; else NULL */
	size_t n, cap;
	const char **names;        /* by name_id */
	size_t nnames;
	cost_t total[2];           /* per side: the sum of all stacks */
	double exact_total[2];     /* per side: the same before rounding */
	cost_t share_total[2];     /* per side: what shares are of, the whole
				      program's total (--focus keeps fewer
				      stacks, not a smaller program); the
				      stacks' total until flame_share_of says */
	cost_t drawn_total;        /* the sum of the outermost frames' drawn widths */
	size_t depth;              /* the number of rows: the deepest depth + 1 */
	bool diff;                 /* two sides */
	struct flame_about *about; /* by name id, once described (flame_describe) */
	struct flame_name *name_table;
	struct flame_name **key_name;   /* the names by key */
	size_t nkeys, key_cap;
	struct flame_frame *frames;   /* the frames added, until flame_finish */
	double *frame_exact;       /* in a diff, beside them: each one's count before
				      rounding */
	size_t nframes, frames_cap;
};

/* An empty tree; DIFF: it will hold two sides. */
void flame_init(struct flame *fl, bool diff);
/* Add the folded stacks of S (the frames shown with a count) to side SIDE;
 * S may be released after. */
void flame_add(struct flame *fl, const struct stacks *s, int side);
/* The tree of the stacks added: merged, widths, the preorder and the
 * offsets; nothing may be added after. */
void flame_finish(struct flame *fl);
void flame_release(struct flame *fl);

/* The children lists of a tree of N nodes, an array of structs STRIDE
 * bytes apart whose parents (FLAME_ROOT: a root) PARENT points to the
 * first of: node v's children, by index, are (*KIDS)[(*FIRST)[v] ..
 * (*FIRST)[v + 1]), the roots' at v = N.  The caller frees both. */
void flame_children(size_t n, const size_t *parent, size_t stride, uint32_t **first,
		    uint32_t **kids);

/* Shares of side SIDE of FL, finished, are of WHOLE, the whole program's
 * total (table_program_total); of the stacks' total when WHOLE is absent. */
void flame_share_of(struct flame *fl, int side, cost_t whole);

/* Describe FL's names (finished) from P, the profile (or a side of a
 * diff) whose stacks it holds: labels, inlined code, and unless FIGURES
 * is false the bound and estimate of EVENT of recursive functions (P's
 * cycles marked and inclusive costs and estimates computed).  Called
 * again with the other side of a diff, it adds what that side knows. */
void flame_describe(struct flame *fl, const struct profile *p, size_t event, bool figures);

/* The label of the frames whose text is TEXT, described (NULL: TEXT is its
 * own label), where some frame drawn has that text (*FOUND): what
 * name_shorten gives for TEXT at NAME_LABEL_MAX characters, but found. */
const char *flame_label_of(const struct flame *fl, const char *text, bool *found);

/* Node V's width on side SIDE (0 for OLD's outside a diff). */
static inline cost_t flame_width(const struct flame *fl, size_t v, int side)
{
	if (side == FLAME_NEW)
		return fl->nodes[v].width;
	return fl->old != NULL ? fl->old[v].width : 0;
}

/* The width node V is drawn. */
static inline cost_t flame_drawn(const struct flame *fl, size_t v)
{
	return fl->old != NULL ? fl->old[v].drawn : fl->nodes[v].width;
}

/* Where nodes start, in drawn units from the left, as they are visited in
 * preorder: by depth, where the next node of that depth starts (in
 * preorder a node's children follow it before any other node of its
 * depth). */
struct flame_cursor {
	cost_t *next;
	size_t cap;
};

/* Where node V of FL starts, V being the next node in preorder after those
 * C was given; C starts zeroed, and flame_cursor_release frees it. */
cost_t flame_offset(struct flame_cursor *c, const struct flame *fl, size_t v);
void flame_cursor_release(struct flame_cursor *c);

/* The relative change, in percent, of node V of FL, a diff (V FLAME_ROOT:
 * of all the stacks): of its width before rounding, so that every cost
 * doubled is +100% on every frame.  +100 where it doubled, -100 where it
 * is gone, +INFINITY where it is new, 0 exactly where its whole counts did
 * not change (where only they did, their change). */
double flame_relative_change(const struct flame *fl, size_t v);

/* The frame text of function name NAME: ';' as ':', a newline as a space.
 * A new string. */
char *flame_frame_name(const char *name);

/* The stable colour hash of a frame's text (FNV-1a over its bytes), which
 * web/flamegraph.js computes alike: warm colours are taken from it. */
unsigned flame_hash(const char *text);

#endif
