/* Compact cost vectors: exact counts in 64-bit cells and the spill. */
#include "unit.h"

#include "model-cells.h"

static struct arena arena;
static struct cell_spill spill;

static void setup(void)
{
	arena_init(&arena);
	cell_spill_init(&spill);
}

static void teardown(void)
{
	cell_spill_release(&spill);
	arena_release(&arena);
}

/* Add the one count V to the cell at C. */
static bool add1(cell_t *c, cost_t v)
{
	return cells_add(&spill, c, &v, 1);
}

/* A fresh cell holding V (absent stays absent). */
static cell_t *cell_of(cost_t v)
{
	cell_t *c = cells_new(&arena, 1);

	ck_assert(add1(c, v));
	return c;
}

static bool spilled(const cell_t *c)
{
	return *c < CELL_DIRECT_MIN && *c != CELL_ABSENT;
}

START_TEST(test_absent_and_zero)
{
	cell_t *v = cells_new(&arena, 3);
	cost_t src[3] = { 0, COST_ABSENT, 7 };
	cost_t out[3];

	for (size_t i = 0; i < 3; i++)
		ck_assert_cost_eq(cells_get(&spill, v, i), COST_ABSENT);
	ck_assert(cells_add(&spill, v, src, 3));
	ck_assert_cost_eq(cells_get(&spill, v, 0), 0);
	ck_assert_cost_eq(cells_get(&spill, v, 1), COST_ABSENT);
	ck_assert_cost_eq(cells_get(&spill, v, 2), 7);
	ck_assert_ptr_eq(cells_expand(&spill, v, out, 3), out);
	ck_assert_cost_eq(out[0], 0);
	ck_assert_cost_eq(out[1], COST_ABSENT);
	ck_assert_cost_eq(out[2], 7);
	ck_assert_ptr_null(cells_expand(&spill, NULL, out, 3));
	/* Adding nothing present to zero keeps zero, not absent. */
	src[0] = COST_ABSENT;
	ck_assert(cells_add(&spill, v, src, 3));
	ck_assert_cost_eq(cells_get(&spill, v, 0), 0);
	ck_assert_uint_eq(spill.count, 0);
}
END_TEST

/* Each value reads back exactly, spilled exactly when it is no direct value. */
START_TEST(test_values)
{
	static const struct {
		cost_t v;
		bool spilled;
	} cases[] = {
		{ 0, false },
		{ 1, false },
		{ -1, false },
		{ INT64_MAX, false },
		{ (cost_t)INT64_MAX + 1, true },
		{ INT64_MIN, true },                       /* the absent marker's value */
		{ (cost_t)INT64_MIN - 1, true },
		{ (cost_t)INT64_MIN + 1, true },           /* slot 0's marker */
		{ (cost_t)INT64_MIN + 2, true },
		{ CELL_DIRECT_MIN - 1, true },             /* the last slot's marker */
		{ CELL_DIRECT_MIN, false },
		{ CELL_DIRECT_MIN + 1, false },
		{ COST_MAX, true },
		{ COST_MAX - 1, true },
		{ -COST_MAX, true },
		{ -COST_MAX + 1, true },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cell_t *c = cell_of(cases[i].v);

		ck_assert_cost_eq(cells_get(&spill, c, 0), cases[i].v);
		ck_assert_msg(spilled(c) == cases[i].spilled, "case %zu", i);
	}
}
END_TEST

START_TEST(test_cross_up_and_back)
{
	cell_t *c = cell_of(INT64_MAX - 1);

	ck_assert(!spilled(c));
	ck_assert(add1(c, 5));
	ck_assert(spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), (cost_t)INT64_MAX + 4);
	ck_assert(add1(c, COST_MAX - ((cost_t)INT64_MAX + 4)));
	ck_assert_cost_eq(cells_get(&spill, c, 0), COST_MAX);
	/* A diff subtracts: back into the direct range, the slot is freed. */
	ck_assert(add1(c, -COST_MAX + 3));
	ck_assert(!spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), 3);
	ck_assert_uint_eq(spill.count, 1);
	ck_assert_uint_ne(spill.free, 0);
	/* The freed slot is reused. */
	ck_assert(add1(c, -COST_MAX - 3));
	ck_assert(spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), -COST_MAX);
	ck_assert_uint_eq(spill.count, 1);
	ck_assert_uint_eq(spill.free, 0);
}
END_TEST

START_TEST(test_cross_down_and_back)
{
	cell_t *c = cell_of(CELL_DIRECT_MIN);

	ck_assert(add1(c, -1));
	ck_assert(spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), CELL_DIRECT_MIN - 1);
	ck_assert(add1(c, (cost_t)INT64_MIN - (CELL_DIRECT_MIN - 1)));
	ck_assert(spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), INT64_MIN);
	ck_assert(add1(c, (cost_t)INT64_MIN / 2 - INT64_MIN));
	ck_assert(!spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), INT64_MIN / 2);
	ck_assert(add1(c, -(cost_t)INT64_MIN / 2));
	ck_assert(!spilled(c));
	ck_assert_cost_eq(cells_get(&spill, c, 0), 0);
}
END_TEST

START_TEST(test_overflow)
{
	cell_t *c = cell_of(COST_MAX);

	ck_assert(!add1(c, 1));
	c = cell_of(-COST_MAX);
	ck_assert(!add1(c, -1));
	c = cell_of(COST_MAX);
	ck_assert(add1(c, -COST_MAX));
	ck_assert_cost_eq(cells_get(&spill, c, 0), 0);
	/* A direct cell and an addend that together leave the range. */
	c = cell_of(INT64_MAX);
	ck_assert(!add1(c, COST_MAX));
	c = cell_of(-1);
	ck_assert(!add1(c, -COST_MAX));
	/* The flag covers the whole vector, not only its last count. */
	{
		cell_t *v = cells_new(&arena, 2);
		cost_t a[2] = { COST_MAX, 1 }, b[2] = { 1, 1 };

		ck_assert(cells_add(&spill, v, a, 2));
		ck_assert(!cells_add(&spill, v, b, 2));
		ck_assert_cost_eq(cells_get(&spill, v, 1), 2);
	}
}
END_TEST

/* Random sums of values around every boundary agree with cost_add. */
START_TEST(test_like_cost_add)
{
	static const cost_t pick[] = {
		0, 1, -1, 2, 1000, -1000, INT64_MAX, -(cost_t)INT64_MAX, INT64_MIN,
		(cost_t)INT64_MAX + 1, (cost_t)INT64_MIN + 1, CELL_DIRECT_MIN, CELL_DIRECT_MIN - 1,
		-(CELL_DIRECT_MIN - 1), COST_MAX, -COST_MAX, COST_MAX / 2, -COST_MAX / 2,
		COST_MAX / 3, COST_ABSENT,
	};
	enum { N = 4, ROUNDS = 20000 };
	const size_t npick = sizeof(pick) / sizeof(pick[0]);
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	cost_t ref[N], src[N], out[N];
	cell_t *v = cells_new(&arena, N);
	size_t overflows = 0;

	cost_clear(ref, N);
	for (int round = 0; round < ROUNDS; round++) {
		bool ok_ref;

		for (size_t i = 0; i < N; i++) {
			seed ^= seed << 13;
			seed ^= seed >> 7;
			seed ^= seed << 17;
			src[i] = pick[seed % npick];
		}
		ok_ref = cost_add(ref, src, N);
		ck_assert(cells_add(&spill, v, src, N) == ok_ref);
		if (!ok_ref) {
			/* Both are unspecified now: start again. */
			overflows++;
			cost_clear(ref, N);
			v = cells_new(&arena, N);
			continue;
		}
		cells_expand(&spill, v, out, N);
		for (size_t i = 0; i < N; i++)
			ck_assert_cost_eq(out[i], ref[i]);
	}
	ck_assert_uint_gt(overflows, 0);
	ck_assert_uint_lt(overflows, ROUNDS / 2);
}
END_TEST

/* Cells spilled and back again, over and over, use no more slots than
 * are spilled at once. */
START_TEST(test_slots_reused)
{
	enum { N = 1000 };
	cell_t *v = cells_new(&arena, N);
	cost_t up[N], down[N];

	for (size_t i = 0; i < N; i++) {
		up[i] = COST_MAX - 2 * (cost_t)i;
		down[i] = -up[i];
		ck_assert(add1(&v[i], (cost_t)i));
	}
	for (int round = 0; round < 3; round++) {
		ck_assert(cells_add(&spill, v, up, N));
		for (size_t i = 0; i < N; i++) {
			ck_assert(spilled(&v[i]));
			ck_assert_cost_eq(cells_get(&spill, v, i), COST_MAX - (cost_t)i);
		}
		ck_assert(cells_add(&spill, v, down, N));
		for (size_t i = 0; i < N; i++) {
			ck_assert(!spilled(&v[i]));
			ck_assert_cost_eq(cells_get(&spill, v, i), (cost_t)i);
		}
		ck_assert_uint_eq(spill.count, N);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cells");
	TCase *tc = tcase_create("cells");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_absent_and_zero);
	tcase_add_test(tc, test_values);
	tcase_add_test(tc, test_cross_up_and_back);
	tcase_add_test(tc, test_cross_down_and_back);
	tcase_add_test(tc, test_overflow);
	tcase_add_test(tc, test_like_cost_add);
	tcase_add_test(tc, test_slots_reused);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
