/* The figure each function shows in the table: its self cost, or with
 * --inclusive=yes its inclusive cost derived from the call edges. */
#ifndef CGA_CALC_INCLUSIVE_H
#define CGA_CALC_INCLUSIVE_H

#include <stdbool.h>

#include "model-profile.h"

/* Set f->total for every function that is a row of the table and return
 * the rows, in creation order (a new array the caller frees).
 *
 * Self mode: the rows are the functions named by fn=/fi=/fe=, with their
 * self cost.  Inclusive mode, as callgrind_annotate computes it: the rows
 * also include functions only ever called; a called function shows the sum
 * of the costs of calls into it, any other function its self cost plus its
 * calls' costs.  But a function in a cycle of calls (a strongly connected
 * component with a call inside it; code inlined from another file counts as
 * its host function) shows its self cost plus its calls out of the cycle. */
struct func **inclusive_compute(struct profile *p, bool inclusive, size_t *nrows);

/* The cycles of P's call graph, as inclusive_compute finds them.  Code
 * inlined from another file is part of its host function: REP[i] is the
 * index of the function that function i is part of (its host, or i).
 * COMP[REP[i]] is the number of its strongly connected component, callees
 * first (a call between two components goes to the smaller number);
 * CYCLIC[c] tells whether component c has a call inside it. */
struct cycles {
	size_t *rep;
	size_t *comp;
	bool *cyclic;
	size_t ncomp;
};

void cycles_find(struct cycles *c, struct profile *p);
void cycles_release(struct cycles *c);

#endif
