/* The figure each function shows in the table: its self cost, or with
 * --inclusive=yes its inclusive cost derived from the call edges. */
#ifndef CGA_CALC_INCLUSIVE_H
#define CGA_CALC_INCLUSIVE_H

#include <stdbool.h>

#include "model-profile.h"

/* Set f->total for every function that is a row of the table and return
 * the rows (a new array the caller frees): the functions in creation
 * order, then with INCLUSIVE the rows of P's cycles (cycles_mark must have
 * run).
 *
 * Self mode: the rows are the functions named by fn=/fi=/fe=, with their
 * self cost.  Inclusive mode, as callgrind_annotate computes it: the rows
 * also include functions only ever called; a called function shows the sum
 * of the costs of calls into it, any other function its self cost plus its
 * calls' costs.  But a recursive function (in a strongly connected
 * component with a call inside it) shows the greater of two lower bounds
 * of the cost spent while it runs: its self cost plus its calls out of its
 * component, and the calls made to it from outside its component.  A
 * cycle's row shows the calls that enter it. */
struct func **inclusive_compute(struct profile *p, bool inclusive, size_t *nrows);

/* Compute P's inclusive costs once and keep them as its functions'
 * fixed_total (cycles_mark must have run), for every inclusive_compute
 * after: once the model changes no more (the pipeline, before the views),
 * or one side of a difference, before focus_subtract takes NEW's less
 * OLD's. */
void inclusive_fix(struct profile *p);

/* Warn, into P's warnings, when some function's inclusive cost is below
 * its self cost: the calls into it cost less than it spends (a thread's
 * start routine, which nobody calls for its thread; a profile cut short).
 * Sets f->total as inclusive_compute does.  Not for a difference, whose
 * figures are changes, nor under focus. */
void inclusive_check(struct profile *p);

#endif
