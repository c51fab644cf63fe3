/* Sorting by precomputed keys: the same order as a comparison sort. */
#include "unit.h"

#include <math.h>

#include "keysort.h"

/* A fixed pseudo-random sequence (xorshift), so a failure repeats. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

static int keyed_cmp(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* Lengths around the insertion runs and the merge widths, keys with many
 * repeats and keys with none. */
START_TEST(test_like_qsort)
{
	static const size_t sizes[] = { 0, 1, 2, 15, 16, 17, 31, 33, 100, 1000, 4097 };
	uint64_t state = 88172645463325252u;

	for (size_t s = 0; s < sizeof(sizes) / sizeof(*sizes); s++) {
		for (uint64_t spread = 3; spread != 0; spread = spread == 3 ? UINT64_MAX : 0) {
			size_t n = sizes[s];
			struct keyed *a = calloc(n + 1, sizeof(*a)), *b = calloc(n + 1, sizeof(*b));

			for (size_t i = 0; i < n; i++) {
				/* Indexes in a shuffled order: the result must not keep it. */
				a[i] = (struct keyed){ next_random(&state) % spread, (i * 7919) % (n + 1) };
				b[i] = a[i];
			}
			keysort(a, n);
			qsort(b, n, sizeof(*b), keyed_cmp);
			for (size_t i = 0; i < n; i++) {
				ck_assert_uint_eq(a[i].key, b[i].key);
				ck_assert_uint_eq(a[i].index, b[i].index);
			}
			free(a);
			free(b);
		}
	}
}
END_TEST

static const char *const words[] = {
	"", "a", "ab", "abc", "abcdefgh", "abcdefghi", "abcdefghj", "abcdefgh\xc3\xa9",
	"std::vector<int>::push_back(int const&)", "std::vector<int>::at(unsigned long)",
	"\xff", "\x7f", "b", "abcdefg", "abcdefgi",
};
#define NWORDS (sizeof(words) / sizeof(*words))

static int word_tie(size_t x, size_t y, void *arg)
{
	const char *const *w = arg;

	return strcmp(w[x % NWORDS], w[y % NWORDS]);
}

/* Strings by their first eight bytes, strcmp where those are equal: the
 * order strcmp gives, and equal strings by index. */
START_TEST(test_text)
{
	size_t n = 3 * NWORDS;
	struct keyed *a = calloc(n, sizeof(*a));

	for (size_t i = 0; i < n; i++)
		a[i] = (struct keyed){ keysort_text(words[i % NWORDS]), i };
	keysort_tie(a, n, word_tie, (void *)words);
	for (size_t i = 1; i < n; i++) {
		int c = strcmp(words[a[i - 1].index % NWORDS], words[a[i].index % NWORDS]);

		ck_assert_int_le(c, 0);
		if (c == 0)
			ck_assert_uint_lt(a[i - 1].index, a[i].index);
	}
	for (size_t i = 0; i < NWORDS; i++)
		for (size_t j = 0; j < NWORDS; j++) {
			int c = strcmp(words[i], words[j]);
			uint64_t x = keysort_text(words[i]), y = keysort_text(words[j]);

			/* The key never contradicts strcmp. */
			ck_assert(c >= 0 || x <= y);
			ck_assert(c <= 0 || x >= y);
		}
	free(a);
}
END_TEST

/* The largest first, zero of either sign equal, NaN last. */
START_TEST(test_desc)
{
	static const double order[] = { INFINITY, 1e300, 2.5, 1.0, 0.75, 1e-300, 0.0, -1e-300,
					-1.0, -1e300, -INFINITY };
	size_t n = sizeof(order) / sizeof(*order);

	for (size_t i = 1; i < n; i++)
		ck_assert_uint_lt(keysort_desc(order[i - 1]), keysort_desc(order[i]));
	ck_assert_uint_eq(keysort_desc(0.0), keysort_desc(-0.0));
	ck_assert_uint_lt(keysort_desc(-INFINITY), keysort_desc(NAN));
}
END_TEST

/* Integers from the largest down, those beyond 64 bits at the ends. */
START_TEST(test_desc_int)
{
	static const __int128 order[] = { (__int128)1 << 70, INT64_MAX, INT64_MAX - 1, 1000, 1, 0,
					  -1, -1000, INT64_MIN + 1, INT64_MIN };
	size_t n = sizeof(order) / sizeof(*order);

	for (size_t i = 1; i < n; i++)
		ck_assert_uint_le(keysort_desc_int(order[i - 1]), keysort_desc_int(order[i]));
	for (size_t i = 2; i < n; i++)
		ck_assert_uint_lt(keysort_desc_int(order[i - 1]), keysort_desc_int(order[i]));
	ck_assert_uint_eq(keysort_desc_int((__int128)1 << 70), keysort_desc_int(INT64_MAX));
	ck_assert_uint_eq(keysort_desc_int(-((__int128)1 << 70)), keysort_desc_int(INT64_MIN));
}
END_TEST

struct item {
	int value;
	char name[24];
};

static int item_tie(size_t x, size_t y, void *arg)
{
	const struct item *items = arg;

	return strcmp(items[x].name, items[y].name);
}

static int item_cmp(const void *a, const void *b)
{
	const struct item *x = a, *y = b;

	return x->value != y->value ? (x->value > y->value) - (x->value < y->value)
				    : strcmp(x->name, y->name);
}

/* Items larger than a key, moved into the keys' order (short lists on the
 * stack, long ones not); indexes in the keys' order. */
START_TEST(test_items)
{
	static const size_t sizes[] = { 0, 1, 5, 60, 200 };
	uint64_t state = 2463534242u;

	for (size_t s = 0; s < sizeof(sizes) / sizeof(*sizes); s++) {
		size_t n = sizes[s];
		struct item *a = calloc(n + 1, sizeof(*a)), *b = calloc(n + 1, sizeof(*b));
		struct keyed *k = calloc(n + 1, sizeof(*k));
		size_t *order = calloc(n + 1, sizeof(*order));

		for (size_t i = 0; i < n; i++) {
			a[i].value = (int)(next_random(&state) % 7);
			snprintf(a[i].name, sizeof(a[i].name), "n%zu", (i * 37) % (n + 1));
			b[i] = a[i];
			k[i] = (struct keyed){ (uint64_t)a[i].value, i };
		}
		keysort_items(a, sizeof(*a), k, n, item_tie, b);
		qsort(b, n, sizeof(*b), item_cmp);
		for (size_t i = 0; i < n; i++) {
			ck_assert_int_eq(a[i].value, b[i].value);
			ck_assert_str_eq(a[i].name, b[i].name);
			k[i] = (struct keyed){ (uint64_t)(n - i), i };
		}
		keysort_indexes(k, n, order);
		for (size_t i = 0; i < n; i++)
			ck_assert_uint_eq(order[i], n - 1 - i);
		free(a);
		free(b);
		free(k);
		free(order);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("keysort");
	TCase *tc = tcase_create("keysort");

	tcase_add_test(tc, test_like_qsort);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_desc);
	tcase_add_test(tc, test_desc_int);
	tcase_add_test(tc, test_items);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
