/* Cost vectors: one count per event, where a count may be ABSENT.
 *
 * An absent count (a cost line with fewer counts than events, or a "."
 * entry) is not zero: callgrind_annotate prints it as "." and never turns
 * an absent total into a number by adding an absent count to it.  The
 * sentinel COST_ABSENT (INT64_MIN) encodes that; input counts of that value
 * are refused by the reader. */
#ifndef CGA_COST_H
#define CGA_COST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xalloc.h"

typedef int64_t cost_t;

#define COST_ABSENT INT64_MIN

/* A fresh vector of N absent counts, owned by the arena. */
cost_t *cost_new(struct arena *a, size_t n);
void cost_clear(cost_t *v, size_t n);

/* DST += SRC for each present SRC count (an absent DST becomes SRC).
 * Returns false if a sum overflowed 64 bits (DST is then unspecified).
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
		overflow |= __builtin_add_overflow(d, s, &sum);
		overflow |= sum == COST_ABSENT;
		dst[i] = sum;
	}
	return !overflow;
}

/* As cost_add, but dies on overflow: for sums that no input line is to blame for. */
void cost_add_checked(cost_t *dst, const cost_t *src, size_t n);

/* callgrind_annotate's "all events zero": no count is greater than 0. */
bool cost_is_zero(const cost_t *v, size_t n);

/* The value callgrind_annotate sorts by: absent counts as -1. */
static inline int64_t cost_sort_value(cost_t c)
{
	return c == COST_ABSENT ? -1 : c;
}

/* Compare A and B descending on the events in ORDER (indices), as the
 * reference's mycmp; NULL vectors are all-absent.  Returns <0 if A sorts
 * first. */
int cost_cmp_desc(const cost_t *a, const cost_t *b, const size_t *order, size_t norder);

#endif
