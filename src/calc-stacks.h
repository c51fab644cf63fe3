/* Call stacks estimated from the call graph, for flame graphs.
 *
 * A Callgrind profile records what each function costs itself and what
 * each caller -> callee call cost in all, not the stacks the costs were
 * incurred in.  The estimate walks down from the functions nobody calls,
 * giving each callee the share of the caller's cost in that stack that its
 * calls carry, and stops at a function already on the stack.  It is exact
 * where the call graph is a tree (and as deep as --separate-callers names
 * carry callers).  Code inlined from another file is part of its host
 * function; calls within a cycle count as much as their callee's own cost
 * and calls out of the cycle, not their recorded cost, which counts nested
 * recursive calls over and over.
 *
 * Counts are exact integers: each function's self cost is shared out among
 * the stacks that end in it (largest remainders), so the stacks ending in a
 * function add up to its self cost and all stacks to the sum of self costs.
 * Stacks whose estimated cost is below 1/STACKS_PRUNE of the whole are not
 * followed further; what they would have held goes to the other stacks of
 * the same functions.  A function that only such stacks reach still gets
 * one, the costliest way down to it; one that no walk reaches (no caller
 * outside a cycle that nothing calls) starts stacks of its own. */
#ifndef CGA_CALC_STACKS_H
#define CGA_CALC_STACKS_H

#include <stdbool.h>
#include <stddef.h>

#include "model-profile.h"

#define STACKS_PRUNE 10000
#define STACKS_ROOT ((size_t)-1)

/* A frame of the estimated stacks: the stack from the first frame to this
 * one, and the count of that stack. */
struct stack_frame {
	size_t parent;             /* the frame below, or STACKS_ROOT */
	const struct func *func;   /* the host function of inlined code */
	cost_t count;              /* this stack's share of FUNC's self cost */
	bool shown;                /* no --focus, or a frame down to here matches it */
};

struct stacks {
	struct stack_frame *frames;   /* a frame's parent comes before it */
	size_t n;
};

/* Estimate the stacks of P for event EVENT.  Dies with EXIT_INPUT when a
 * self cost is negative (a profile of differences); a negative call cost
 * counts as 0. */
void stacks_estimate(struct stacks *s, struct profile *p, size_t event);
void stacks_release(struct stacks *s);

#endif
