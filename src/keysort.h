/* Sorting by a precomputed key: the estimate and the reports order many
 * lists, and a comparison through a callback that looks the key up again
 * each time costs more than the work it sorts. */
#ifndef CGA_KEYSORT_H
#define CGA_KEYSORT_H

#include <stddef.h>
#include <stdint.h>

struct keyed {
	uint64_t key;
	size_t index;
};

/* Sort A (N items) by key, then by index: a total order when the indexes
 * differ, so the result does not depend on the items' first order. */
void keysort(struct keyed *a, size_t n);

/* The same, items of equal keys ordered by TIE (given their indexes and
 * ARG, like strcmp), then by index: the key is then the first part of
 * a longer order, which TIE finishes. */
void keysort_tie(struct keyed *a, size_t n, int (*tie)(size_t, size_t, void *), void *arg);

/* K (N) sorted by keysort, their indexes written in that order to OUT. */
void keysort_indexes(struct keyed *k, size_t n, size_t *out);

/* ITEMS (N of SIZE bytes; K's index i names item i) put in the order of
 * K sorted by keysort_tie with TIE and ARG (TIE NULL: by index alone). */
void keysort_items(void *items, size_t size, struct keyed *k, size_t n,
		   int (*tie)(size_t, size_t, void *), void *arg);

/* A key that orders doubles from the largest down (-0 as 0; NaN after
 * every number). */
uint64_t keysort_desc(double x);

/* A key that orders integers from the largest down, as far as 64 bits
 * tell: those beyond share the key of the nearest end, and equal keys
 * need the integers compared. */
uint64_t keysort_desc_int(__int128 x);

/* A key that orders strings as strcmp does, as far as their first 8
 * bytes tell: equal keys need the rest compared. */
uint64_t keysort_text(const char *s);

#endif
