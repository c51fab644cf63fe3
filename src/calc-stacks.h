/* Call stacks estimated from the call graph: the one estimate of calling
 * contexts that folded stacks, flame graphs and --focus are drawn from.
 *
 * A Callgrind profile records what each function costs itself and what
 * each caller -> callee call cost in all, not the stacks the costs were
 * incurred in.  The estimate makes stacks whose counts agree with every
 * figure the profile records:
 *  - the stacks ending in a function add up to its self cost, and all
 *    stacks to the sum of self costs;
 *  - the stacks through each call add up to its recorded cost, unless the
 *    call is inside a cycle of calls (a strongly connected component of
 *    the call graph, whose recorded costs count nested calls again at each
 *    level), so that the stacks containing a function outside cycles add
 *    up to its inclusive cost.
 * How a function's cost is shared among its calling contexts is what the
 * profile does not say.  A context that carries at least 2/STACKS_PRUNE of
 * the total is split in proportion to what the function's own cost and
 * its calls carry (gprof's assumption), one below 1/STACKS_PRUNE goes to a
 * pool that fills what is left of each call's cost, each context keeping
 * its own stack, and one in between does both in a part that grows
 * continuously with it.  Contexts and calls are ordered by their names,
 * never by their costs nor by their place in the profile.
 *
 * Work is done per component of the call graph, callers first; a cycle is
 * one component: from each member it is entered at, the stacks follow its
 * calls (each member at most once on a stack) in proportion, and those
 * ways are then balanced (Sinkhorn's scaling) so that the members' self
 * costs and the calls out of the cycle are filled exactly.  Code inlined
 * from another file is part of its host function; a function that nothing
 * calls, named as one that is called and has more cost in its calls than
 * in itself and its own calls (code reached by a jump, which callgrind
 * files under another file name), is part of that one.  Where a function
 * costs more than its callers' calls carry, the rest starts stacks of its
 * own; where less, the excess of the calls into it is in no stack.
 *
 * The estimate is made in real numbers, a continuous function of the
 * costs that scales with them, then rounded to whole counts that keep
 * every figure above exactly (frame.exact keeps the real count). */
#ifndef CGA_CALC_STACKS_H
#define CGA_CALC_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model-profile.h"

#define STACKS_PRUNE 10000
/* The most stacks an estimate makes, beyond one for each function with a
 * cost of its own, before it follows fewer contexts. */
#define STACKS_MAX 100000
#define STACKS_ROOT ((size_t)-1)

/* A frame of the estimated stacks: the stack from the first frame to this
 * one, and the count of that stack. */
struct stack_frame {
	size_t parent;             /* the frame below (an earlier one), or STACKS_ROOT */
	const struct func *func;   /* the host function of inlined code */
	cost_t count;              /* this stack's share of FUNC's self cost */
	double exact;              /* the same before rounding to whole counts: a
				      continuous function of the costs, which
				      scales with them (counts are within a few
				      units of it) */
	bool shown;                /* no --focus, or a frame down to here matches it */
	uint32_t index;            /* FUNC's index when the stacks were made, which the
				      views that sum frames by function read without
				      reading FUNC; focus_apply renumbers the model's
				      functions later (FUNC's index is then current) */
};

struct stacks {
	struct stack_frame *frames;   /* a frame's parent comes before it */
	size_t n;
	size_t *node;              /* by function index: the index of the function
				      whose frames hold it (its host, or itself) */
};

/* The call graph the estimate works on, the same for every event. */
struct stack_graph;

/* Build it for P, whose call graph must not change while it is used. */
struct stack_graph *stack_graph_new(const struct profile *p);
void stack_graph_free(struct stack_graph *g);
/* The index of the function whose frames hold function I (its host, the
 * function it was jumped into from, or I itself). */
size_t stack_graph_node(const struct stack_graph *g, size_t i);

/* Estimate the stacks of event EVENT on G (of P).  Dies with EXIT_INPUT
 * when a self cost is negative (a profile of differences); a negative
 * call cost counts as 0. */
void stacks_estimate_on(struct stacks *s, struct stack_graph *g, const struct profile *p,
			size_t event);
/* The same with a graph of its own. */
void stacks_estimate(struct stacks *s, const struct profile *p, size_t event);
void stacks_release(struct stacks *s);

/* Each frame's width (its count and those of the frames above it), in a
 * new array the caller frees. */
cost_t *stacks_widths(const struct stacks *s);

#endif
