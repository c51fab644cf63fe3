/* Compact cost vectors for bulk per-line data.
 *
 * A cost vector of cost_t takes 16 bytes a count, and a profile whose
 * sources are annotated keeps one for every source line with a cost and
 * every call site.  Nearly every count fits in 64 bits, so these vectors
 * are of 64-bit cells instead, and the rare count that does not fit is
 * kept exactly in a spill array that the cells index:
 *
 *   CELL_DIRECT_MIN .. INT64_MAX      the count itself
 *   INT64_MIN                         absent (COST_ABSENT)
 *   INT64_MIN + 1 + k, k < CELL_SLOTS the count in slot k of the spill
 *
 * A count is spilled exactly when it is no direct value: beyond int64, or
 * among the 2^32 + 1 values reserved at its bottom for absent and the
 * slots (counts that negative are rare even in a diff).  A cell whose count
 * comes back into the direct range (a diff adds negative counts) stores it
 * directly again and frees its slot.  Cells are allocated from an arena and
 * never move; the spill is owned by the profile and indexed, never pointed
 * into, so it may grow. */
#ifndef CGA_MODEL_CELLS_H
#define CGA_MODEL_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model-cost.h"
#include "xalloc.h"

typedef int64_t cell_t;

/* How many counts the spill can hold at once. */
#define CELL_SLOTS ((int64_t)1 << 32)
#define CELL_ABSENT INT64_MIN
/* The smallest count a cell holds directly. */
#define CELL_DIRECT_MIN (INT64_MIN + 1 + CELL_SLOTS)

struct cell_spill {
	cost_t *slot;              /* a free slot holds the index + 1 of the next free one */
	size_t count, cap;         /* slots made */
	size_t free;               /* index + 1 of the first free slot; 0: none */
};

void cell_spill_init(struct cell_spill *s);
void cell_spill_release(struct cell_spill *s);

/* A fresh vector of N absent cells, owned by the arena. */
cell_t *cells_new(struct arena *a, size_t n);

/* Add S (present) to the cell at DST: the rare case, spilled counts and
 * sums that leave the direct range.  Returns false if the sum left the
 * range of counts. */
bool cells_add_slow(struct cell_spill *s, cell_t *dst, cost_t v);

/* DST += SRC as cost_add does it: for each present SRC count, an absent
 * DST count becomes it.  Returns false if a sum left the range of counts
 * (DST is then unspecified).  Inline: the reader calls it for nearly every
 * cost line. */
static inline bool cells_add(struct cell_spill *s, cell_t *dst, const cost_t *src, size_t n)
{
	bool ok = true;

	for (size_t i = 0; i < n; i++) {
		cost_t v = src[i];
		cell_t c = dst[i], sum;

		if (v == COST_ABSENT)
			continue;
		c = c == CELL_ABSENT ? 0 : c;
		if (c >= CELL_DIRECT_MIN && v == (cell_t)v &&
		    !__builtin_add_overflow(c, (cell_t)v, &sum) && sum >= CELL_DIRECT_MIN) {
			dst[i] = sum;
			continue;
		}
		ok &= cells_add_slow(s, &dst[i], v);
	}
	return ok;
}

/* Make the N cells of CELLS absent, giving back their slots. */
void cells_clear(struct cell_spill *s, cell_t *cells, size_t n);

/* The count in cell I of CELLS. */
static inline cost_t cells_get(const struct cell_spill *s, const cell_t *cells, size_t i)
{
	cell_t c = cells[i];

	if (c >= CELL_DIRECT_MIN)
		return c;
	if (c == CELL_ABSENT)
		return COST_ABSENT;
	return s->slot[(uint64_t)c - (uint64_t)INT64_MIN - 1];
}

/* The N counts of CELLS into OUT, which is returned; NULL if CELLS is NULL
 * (a vector that was never made). */
cost_t *cells_expand(const struct cell_spill *s, const cell_t *cells, cost_t *out, size_t n);

#endif
