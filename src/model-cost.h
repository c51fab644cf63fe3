/* Cost vectors: one count per event, where a count may be ABSENT.
 *
 * Profiles hold unsigned 64-bit counts, and a diff subtracts them, so a
 * count is any integer of magnitude up to COST_MAX (2^64-1): 65 bits, kept
 * in a signed 128-bit integer.  Every sum is checked against that range,
 * which is what callgrind_annotate's Perl keeps exact; beyond it Perl
 * silently falls back to doubles, cgannotate stops with an error.
 *
 * An absent count (a cost line with fewer counts than events, or a "."
 * entry) is not zero: callgrind_annotate prints it as "." and never turns
 * an absent total into a number by adding an absent count to it.  The
 * sentinel COST_ABSENT, outside the range of counts, encodes that. */
#ifndef CGA_MODEL_COST_H
#define CGA_MODEL_COST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xalloc.h"

#ifndef __SIZEOF_INT128__
#error "cgannotate needs a compiler with a 128-bit integer type (__int128)"
#endif

typedef __int128 cost_t;

#define COST_MAX ((cost_t)UINT64_MAX)
#define COST_ABSENT (-COST_MAX - 1)

/* Whether V, a sum of counts, is a count: |V| <= COST_MAX. */
static inline bool cost_in_range(cost_t v)
{
	return (unsigned __int128)(v + COST_MAX) <= 2 * (unsigned __int128)COST_MAX;
}

/* A fresh vector of N absent counts, owned by the arena. */
cost_t *cost_new(struct arena *a, size_t n);
void cost_clear(cost_t *v, size_t n);

/* DST += SRC for each present SRC count (an absent DST becomes SRC).
 * Returns false if a sum left the range of counts (DST is then unspecified).
 * Inline: the reader calls it two or three times for every cost line. */
static inline bool cost_add(cost_t *dst, const cost_t *src, size_t n)
{
	bool overflow = false;

	for (size_t i = 0; i < n; i++) {
		cost_t s = src[i], d = dst[i], sum;

		if (s == COST_ABSENT)
			continue;
		/* Branch-free: whether DST is absent follows no pattern. */
		d = d == COST_ABSENT ? 0 : d;
		sum = d + s;   /* both in range: cannot overflow 128 bits */
		overflow |= !cost_in_range(sum);
		dst[i] = sum;
	}
	return !overflow;
}

/* As cost_add, but dies on overflow: for sums that no input line is to blame for. */
void cost_add_checked(cost_t *dst, const cost_t *src, size_t n);

/* callgrind_annotate's "all events zero": no count is greater than 0. */
bool cost_is_zero(const cost_t *v, size_t n);

/* The value callgrind_annotate sorts by: absent counts as -1. */
static inline cost_t cost_sort_value(cost_t c)
{
	return c == COST_ABSENT ? -1 : c;
}

/* Compare A and B descending on the events in ORDER (indices), as the
 * reference's mycmp; NULL vectors are all-absent.  Returns <0 if A sorts
 * first. */
int cost_cmp_desc(const cost_t *a, const cost_t *b, const size_t *order, size_t norder);

/* Split the count V into N integer parts in proportion to the weights W
 * (not all 0), into OUT: each part is V * W[i] / sum(W) rounded down, and
 * what that leaves goes one by one to the parts with the largest
 * remainders (the first on a tie), so that the parts add up to V exactly
 * (largest-remainder apportionment).  A negative V is split as -V and each
 * part negated. */
void cost_apportion(cost_t v, const uint64_t *w, size_t n, cost_t *out);

#endif
