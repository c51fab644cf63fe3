/* Cycles of calls: the strongly connected components of a profile's call
 * graph (recursion, mutual recursion), found once for every view.
 *
 * Code inlined from another file (fi=/fe= entries, a row of the table of
 * its own) is part of the function it was inlined into: its calls are that
 * function's calls.  A component with a call inside it makes its functions
 * recursive; one of several functions is a cycle, which the function
 * table, JSON and the call graph show as a whole, as gprof and KCachegrind
 * do. */
#ifndef CGA_CALC_CYCLES_H
#define CGA_CALC_CYCLES_H

#include <stdbool.h>
#include <stddef.h>

#include "model-profile.h"

/* The components of P's call graph.  REP[i] is the index of the function
 * that function i is part of (its host, or i).  COMP[REP[i]] is the number
 * of its component, callees first (a call between two components goes to
 * the smaller number); CYCLIC[c] tells whether component c has a call
 * inside it. */
struct cycles {
	size_t *rep;
	size_t *comp;
	bool *cyclic;
	size_t ncomp;
};

void cycles_find(struct cycles *c, const struct profile *p);
/* For each function of P, the index of the function it is part of: its
 * host, or itself (a new array of nfuncs). */
size_t *cycles_hosts(const struct profile *p);
void cycles_release(struct cycles *c);

/* Set every function's recursive, scc and cycle fields and P's cycles,
 * numbered by decreasing inclusive cost of event PRIMARY (then by the name
 * of their first member), each with its row for the function table.  Dies
 * with EXIT_INPUT when a cycle's cost does not fit in 64 bits. */
void cycles_mark(struct profile *p, size_t primary);

/* Number P's cycles (marked) as LIKE (marked) numbers its own: in a diff,
 * as NEW does.  A cycle takes the number of LIKE's cycle among its members
 * (the smallest, where P's calls joined several of LIKE's cycles into one),
 * so numbers may be left out; a cycle LIKE does not have comes after the
 * last of LIKE's.  P's cycles stay in order of their numbers. */
void cycles_number_as(struct profile *p, const struct profile *like);

/* Whether a call from CALLER to CALLEE stays inside a cycle of calls (or
 * is a call of a function to itself): its recorded cost counts nested
 * activations again at each level, so it is no share of anything.  Needs
 * cycles_mark. */
bool cycles_call_inside(const struct func *caller, const struct func *callee);

#endif
