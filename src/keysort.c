#include "keysort.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* Runs this short are sorted by insertion before they are merged. */
#define RUN 16

struct tie {
	int (*cmp)(size_t, size_t, void *);
	void *arg;
};

static inline bool before(const struct keyed *x, const struct keyed *y, const struct tie *t)
{
	int c;

	if (x->key != y->key)
		return x->key < y->key;
	if (t->cmp != NULL && (c = t->cmp(x->index, y->index, t->arg)) != 0)
		return c < 0;
	return x->index < y->index;
}

static void insertion(struct keyed *a, size_t n, const struct tie *t)
{
	for (size_t i = 1; i < n; i++) {
		struct keyed x = a[i];
		size_t j = i;

		for (; j > 0 && before(&x, &a[j - 1], t); j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

static void merge(const struct keyed *from, size_t lo, size_t mid, size_t hi, struct keyed *to,
		  const struct tie *t)
{
	size_t i = lo, j = mid, k = lo;

	while (i < mid && j < hi)
		to[k++] = before(&from[j], &from[i], t) ? from[j++] : from[i++];
	while (i < mid)
		to[k++] = from[i++];
	while (j < hi)
		to[k++] = from[j++];
}

void keysort(struct keyed *a, size_t n)
{
	keysort_tie(a, n, NULL, NULL);
}

void keysort_tie(struct keyed *a, size_t n, int (*cmp)(size_t, size_t, void *), void *arg)
{
	struct tie t = { cmp, arg };
	struct keyed *tmp, *from = a, *to;

	for (size_t lo = 0; lo < n; lo += RUN)
		insertion(a + lo, n - lo < RUN ? n - lo : RUN, &t);
	if (n <= RUN)
		return;
	tmp = xreallocarray(NULL, n, sizeof(*tmp));
	to = tmp;
	for (size_t width = RUN; width < n; width *= 2) {
		struct keyed *swap;

		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = n - lo < width ? n : lo + width;
			size_t hi = n - lo < 2 * width ? n : lo + 2 * width;

			merge(from, lo, mid, hi, to, &t);
		}
		swap = from;
		from = to;
		to = swap;
	}
	if (from != a)
		memcpy(a, from, n * sizeof(*a));
	free(tmp);
}

void keysort_indexes(struct keyed *k, size_t n, size_t *out)
{
	keysort(k, n);
	for (size_t i = 0; i < n; i++)
		out[i] = k[i].index;
}

void keysort_items(void *items, size_t size, struct keyed *k, size_t n,
		   int (*tie)(size_t, size_t, void *), void *arg)
{
	/* Most lists sorted so are a function's few calls or a node's few
	 * children: their copy needs no allocation. */
	unsigned char small[1024], *moved;

	keysort_tie(k, n, tie, arg);
	moved = n * size <= sizeof(small) ? small : xreallocarray(NULL, n, size);
	for (size_t i = 0; i < n; i++)
		memcpy(moved + i * size, (unsigned char *)items + k[i].index * size, size);
	if (n > 0)
		memcpy(items, moved, n * size);
	if (moved != small)
		free(moved);
}

uint64_t keysort_desc(double x)
{
	uint64_t bits;

	if (x != x)
		return UINT64_MAX;
	if (x == 0)
		x = 0;
	memcpy(&bits, &x, sizeof(bits));
	/* The bits of a double order its magnitude, those of negative ones
	 * backwards: made to order as the numbers ascend, then turned round.
	 * No number's comes to UINT64_MAX: only a NaN's bits are all ones. */
	bits = bits >> 63 ? ~bits : bits | (UINT64_C(1) << 63);
	return ~bits;
}

uint64_t keysort_desc_int(__int128 x)
{
	int64_t v = x > INT64_MAX ? INT64_MAX : x < INT64_MIN ? INT64_MIN : (int64_t)x;

	/* Made to order as the integers ascend (the sign bit turned), then
	 * turned round. */
	return ~((uint64_t)v ^ (UINT64_C(1) << 63));
}

uint64_t keysort_text(const char *s)
{
	uint64_t key = 0;
	bool ended = false;

	/* Bytes past the end count as 0, which sorts a prefix first. */
	for (size_t i = 0; i < 8; i++) {
		ended = ended || s[i] == '\0';
		key = key << 8 | (ended ? 0 : (unsigned char)s[i]);
	}
	return key;
}
