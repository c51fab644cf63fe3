#include "calc-scc.h"

#include <stdlib.h>

#include "xalloc.h"

size_t scc_find(size_t n, const size_t *adj_start, const size_t *adj, size_t *comp)
{
	const size_t none = (size_t)-1;
	size_t counter = 0, ncomp = 0, sp = 0, csp = 0;
	size_t *index = xmalloc((n ? n : 1) * sizeof(*index));
	size_t *low = xmalloc((n ? n : 1) * sizeof(*low));
	size_t *stack = xmalloc((n ? n : 1) * sizeof(*stack));
	size_t *call = xmalloc((n ? n : 1) * sizeof(*call));   /* DFS: node */
	size_t *next = xmalloc((n ? n : 1) * sizeof(*next));   /* DFS: next adjacency slot */
	bool *on_stack = xcalloc(n ? n : 1, sizeof(*on_stack));

	for (size_t i = 0; i < n; i++)
		index[i] = comp[i] = none;
	for (size_t root = 0; root < n; root++) {
		if (index[root] != none)
			continue;
		call[csp] = root;
		next[csp++] = adj_start[root];
		index[root] = low[root] = counter++;
		stack[sp++] = root;
		on_stack[root] = true;
		while (csp > 0) {
			size_t v = call[csp - 1];

			if (next[csp - 1] < adj_start[v + 1]) {
				size_t w = adj[next[csp - 1]++];

				if (index[w] == none) {
					index[w] = low[w] = counter++;
					stack[sp++] = w;
					on_stack[w] = true;
					call[csp] = w;
					next[csp++] = adj_start[w];
				} else if (on_stack[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			if (low[v] == index[v]) {
				size_t w;

				do {
					w = stack[--sp];
					on_stack[w] = false;
					comp[w] = ncomp;
				} while (w != v);
				ncomp++;
			}
			csp--;
			if (csp > 0 && low[v] < low[call[csp - 1]])
				low[call[csp - 1]] = low[v];
		}
	}
	free(index);
	free(low);
	free(stack);
	free(call);
	free(next);
	free(on_stack);
	return ncomp;
}

bool *scc_cyclic(size_t n, const size_t *adj_start, const size_t *adj, const size_t *comp,
		 size_t ncomp)
{
	bool *cyclic = xcalloc(ncomp ? ncomp : 1, sizeof(*cyclic));
	size_t *size = xcalloc(ncomp ? ncomp : 1, sizeof(*size));

	for (size_t v = 0; v < n; v++)
		size[comp[v]]++;
	for (size_t v = 0; v < n; v++) {
		if (size[comp[v]] > 1)
			cyclic[comp[v]] = true;
		for (size_t k = adj_start[v]; k < adj_start[v + 1]; k++)
			if (adj[k] == v)
				cyclic[comp[v]] = true;
	}
	free(size);
	return cyclic;
}
