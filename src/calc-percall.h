/* Costs per call (--per-call): a function's self and inclusive cost
 * divided by the calls that enter it, as gprof's self and total ms/call.
 *
 * The calls that enter a function are those made by other functions from
 * outside its cycle of calls: a function's calls to itself and the calls
 * between the members of a cycle are no entries (their costs count nested
 * activations again).  A cycle's row is entered by the calls into the
 * cycle; a group of functions (--group-by) by the calls into it from
 * outside it.  A function that nothing enters (a root, a cycle member only
 * called inside its cycle) has no cost per call. */
#ifndef CGA_CALC_PERCALL_H
#define CGA_CALC_PERCALL_H

#include <stdbool.h>
#include <stddef.h>

#include "model-profile.h"

/* How many calls enter F. */
cost_t percall_entries(const struct profile *p, const struct func *f);

/* Every function's inclusive cost and entries, for the rows of a table. */
struct percall {
	const cost_t **incl;       /* by function index: its inclusive cost */
	cost_t *entries;           /* by function index: the calls that enter it */
	size_t n;
};

/* The costs per call of P's functions (cycles_mark must have run).  Sets
 * every function's total to its inclusive cost (inclusive_compute). */
void percall_build(struct percall *pc, struct profile *p);
void percall_release(struct percall *pc);

/* Row F's cost of event K (its inclusive one with INCL, else its self
 * cost) into *V and its entries into *N (0: none). */
void percall_of(const struct percall *pc, const struct func *f, size_t k, bool incl, cost_t *v,
		cost_t *n);

/* How rows F and G compare by their costs per call of event K, the
 * larger first (in a diff, MAGNITUDE: the larger in size); rows without
 * one (no entries, or an absent cost) after those with one. */
int percall_cmp(const struct percall *pc, const struct func *f, const struct func *g, size_t k,
		bool incl, bool magnitude);

/* A value that sorts rows as percall_cmp does, or ties them: the cost per
 * call rounded toward zero, and for a row without one less than any. */
cost_t percall_key(const struct percall *pc, const struct func *f, size_t k, bool incl,
		   bool magnitude);

#endif
