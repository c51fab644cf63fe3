#include "model-cells.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

void cell_spill_init(struct cell_spill *s)
{
	memset(s, 0, sizeof(*s));
}

void cell_spill_release(struct cell_spill *s)
{
	free(s->slot);
	cell_spill_init(s);
}

cell_t *cells_new(struct arena *a, size_t n)
{
	cell_t *v = arena_alloc_aligned(a, n * sizeof(*v), _Alignof(cell_t));

	for (size_t i = 0; i < n; i++)
		v[i] = CELL_ABSENT;
	return v;
}

static bool is_spilled(cell_t c)
{
	return c < CELL_DIRECT_MIN && c != CELL_ABSENT;
}

static size_t slot_index(cell_t c)
{
	return (size_t)((uint64_t)c - (uint64_t)INT64_MIN - 1);
}

/* A cell for V, put in a free slot or a new one. */
static cell_t spill(struct cell_spill *s, cost_t v)
{
	size_t k;

	if (s->free != 0) {
		k = s->free - 1;
		s->free = (size_t)s->slot[k];
	} else {
		if ((uint64_t)s->count >= (uint64_t)CELL_SLOTS)
			die(EXIT_INPUT, "more than %" PRId64 " per-line counts beyond 63 bits at once",
			    CELL_SLOTS);
		xgrow(&s->slot, &s->cap, s->count + 1, sizeof(*s->slot));
		k = s->count++;
	}
	s->slot[k] = v;
	return INT64_MIN + 1 + (cell_t)k;
}

bool cells_add_slow(struct cell_spill *s, cell_t *dst, cost_t v)
{
	cell_t c = *dst;
	cost_t sum = cells_get(s, dst, 0);

	/* Both in range (or DST off it after an overflow, which stops the
	 * caller): no overflow of 128 bits. */
	sum = (sum == COST_ABSENT ? 0 : sum) + v;
	if (sum >= CELL_DIRECT_MIN && sum <= INT64_MAX) {
		if (is_spilled(c)) {
			s->slot[slot_index(c)] = (cost_t)s->free;
			s->free = slot_index(c) + 1;
		}
		*dst = (cell_t)sum;
	} else if (is_spilled(c)) {
		s->slot[slot_index(c)] = sum;
	} else {
		*dst = spill(s, sum);
	}
	return cost_in_range(sum);
}

void cells_clear(struct cell_spill *s, cell_t *cells, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (is_spilled(cells[i])) {
			s->slot[slot_index(cells[i])] = (cost_t)s->free;
			s->free = slot_index(cells[i]) + 1;
		}
		cells[i] = CELL_ABSENT;
	}
}

cost_t *cells_expand(const struct cell_spill *s, const cell_t *cells, cost_t *out, size_t n)
{
	if (cells == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++)
		out[i] = cells_get(s, cells, i);
	return out;
}
