/* Strongly connected components of a directed graph, for the cycles of a
 * call graph: recursion, mutual recursion. */
#ifndef CGA_CALC_SCC_H
#define CGA_CALC_SCC_H

#include <stdbool.h>
#include <stddef.h>

/* The graph of N nodes whose node v has the successors
 * ADJ[ADJ_START[v] .. ADJ_START[v + 1]).  Sets COMP[v] (N entries) to the
 * number of v's component: components are numbered successors first (an
 * edge between two components goes to the smaller number).  Returns the
 * number of components.  Iterative: call chains can be deep. */
size_t scc_find(size_t n, const size_t *adj_start, const size_t *adj, size_t *comp);

/* For each of the NCOMP components of COMP (as scc_find set them): whether
 * it has an edge inside it (several nodes, or a node with an edge to
 * itself).  A new array the caller frees. */
bool *scc_cyclic(size_t n, const size_t *adj_start, const size_t *adj, const size_t *comp,
		 size_t ncomp);

#endif
