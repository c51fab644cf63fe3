/* Number formatting: commas, widths, percentages, Perl's division. */
#include "unit.h"

#include <math.h>

#include "fmt-num.h"

static const char *count(cost_t c)
{
	static char buf[NUMFMT_COUNT_MAX];

	numfmt_count(buf, c);
	return buf;
}

static const char *percent(double p)
{
	static char buf[NUMFMT_PERCENT_MAX];

	numfmt_percent(buf, p);
	return buf;
}

START_TEST(test_commas)
{
	ck_assert_str_eq(count(0), "0");
	ck_assert_str_eq(count(999), "999");
	ck_assert_str_eq(count(1000), "1,000");
	ck_assert_str_eq(count(123456), "123,456");
	ck_assert_str_eq(count(1234567), "1,234,567");
	ck_assert_str_eq(count(INT64_MAX), "9,223,372,036,854,775,807");
	ck_assert_str_eq(count(COST_MAX), "18,446,744,073,709,551,615");
}
END_TEST

START_TEST(test_decimal)
{
	char buf[NUMFMT_COUNT_MAX];

	ck_assert_uint_eq(numfmt_decimal(buf, 0), 1);
	ck_assert_str_eq(buf, "0");
	numfmt_decimal(buf, -COST_MAX);
	ck_assert_str_eq(buf, "-18446744073709551615");
	numfmt_decimal(buf, COST_MAX + 1);
	ck_assert_str_eq(buf, "18446744073709551616");
	numfmt_decimal(buf, (cost_t)10000000000000000000ULL);
	ck_assert_str_eq(buf, "10000000000000000000");
	numfmt_decimal(buf, COST_MAX * 1000000);
	ck_assert_str_eq(buf, "18446744073709551615000000");
	/* The most negative 128-bit integer, as a count beyond any check. */
	numfmt_decimal(buf, -(cost_t)(((unsigned __int128)1 << 126) - 1) * 2 - 2);
	ck_assert_str_eq(buf, "-170141183460469231731687303715884105728");
}
END_TEST

START_TEST(test_absent_and_negative)
{
	ck_assert_str_eq(count(COST_ABSENT), ".");
	/* The reference's commify only groups a leading run of digits. */
	ck_assert_str_eq(count(-1000), "-1000");
	ck_assert_str_eq(count(-150000), "-150000");
	ck_assert_str_eq(count(-COST_MAX), "-18446744073709551615");
}
END_TEST

/* Changes are grouped after their sign too. */
START_TEST(test_grouped)
{
	char buf[NUMFMT_COUNT_MAX];

	ck_assert_uint_eq(numfmt_grouped(buf, -6448401), 10);
	ck_assert_str_eq(buf, "-6,448,401");
	numfmt_grouped(buf, -999);
	ck_assert_str_eq(buf, "-999");
	numfmt_grouped(buf, -1000);
	ck_assert_str_eq(buf, "-1,000");
	numfmt_grouped(buf, 6448401);
	ck_assert_str_eq(buf, "6,448,401");
	numfmt_grouped(buf, 0);
	ck_assert_str_eq(buf, "0");
	numfmt_grouped(buf, COST_ABSENT);
	ck_assert_str_eq(buf, ".");
	numfmt_grouped(buf, -COST_MAX);
	ck_assert_str_eq(buf, "-18,446,744,073,709,551,615");
}
END_TEST

/* A change: growth with its "+", as every view writes it. */
START_TEST(test_signed)
{
	char buf[NUMFMT_COUNT_MAX];

	ck_assert_uint_eq(numfmt_signed(buf, 15100), 7);
	ck_assert_str_eq(buf, "+15,100");
	numfmt_signed(buf, -7500);
	ck_assert_str_eq(buf, "-7,500");
	numfmt_signed(buf, 0);
	ck_assert_str_eq(buf, "0");
	numfmt_signed(buf, COST_ABSENT);
	ck_assert_str_eq(buf, ".");
	numfmt_signed(buf, COST_MAX);
	ck_assert_str_eq(buf, "+18,446,744,073,709,551,615");
}
END_TEST

/* Two decimals whatever the size, as printf's "%.2f". */
START_TEST(test_fixed2)
{
	static const double values[] = { -31.8749, -31.875, -150.0, 150.0, 99.995, -9.995, -0.001,
					 0.0, 1e9, 1073741824.05, -1e21, 12345.675 };
	char got[NUMFMT_PERCENT_MAX], want[NUMFMT_PERCENT_MAX];

	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		size_t len = numfmt_fixed2(got, values[i]);

		snprintf(want, sizeof(want), "%.2f", values[i]);
		ck_assert_msg(strcmp(got, want) == 0, "%.17g: '%s', not '%s'", values[i], got, want);
		ck_assert_uint_eq(len, strlen(want));
	}
	numfmt_fixed2(got, -150.0);
	ck_assert_str_eq(got, "-150.00");
}
END_TEST

START_TEST(test_width)
{
	ck_assert_uint_eq(numfmt_count_width(7), 1);
	ck_assert_uint_eq(numfmt_count_width(123), 3);
	ck_assert_uint_eq(numfmt_count_width(1234), 5);
	ck_assert_uint_eq(numfmt_count_width(123456), 7);
	ck_assert_uint_eq(numfmt_count_width(1234567), 9);
	/* The sign counts as a digit, though no commas are printed. */
	ck_assert_uint_eq(numfmt_count_width(-1000), 6);
	ck_assert_uint_eq(numfmt_count_width(COST_MAX), 26);
	/* Either side of the 64-bit fast path's edge. */
	ck_assert_uint_eq(numfmt_count_width(COST_MAX + 1), 26);
	ck_assert_uint_eq(numfmt_count_width((cost_t)9999999999999999999ULL), 25);
	ck_assert_uint_eq(numfmt_count_width((cost_t)10000000000000000000ULL), 26);
	ck_assert_uint_eq(numfmt_count_width(COST_MAX * 10), 27);
	ck_assert_uint_eq(numfmt_count_width(0), 1);
}
END_TEST

START_TEST(test_percent)
{
	ck_assert_str_eq(percent(0.0), " ( 0.00%)");
	ck_assert_str_eq(percent(12.345678), " (12.35%)");
	ck_assert_str_eq(percent(99.994), " (99.99%)");
	ck_assert_str_eq(percent(99.995), " (100.0%)");
	ck_assert_str_eq(percent(100.0), " (100.0%)");
	ck_assert_str_eq(percent(-9.99), " (-9.99%)");
	ck_assert_str_eq(percent(-9.995), " (-10.0%)");
	ck_assert_str_eq(percent(-100.0), " (-100.0%)");
	ck_assert_str_eq(percent(1234.5), " (1234.5%)");
}
END_TEST

/* numfmt_percent writes what printf writes, rounding the exact binary
 * value to the nearest, ties to even, on both sides of each fast path's
 * edges. */
static void check_like_printf(double p)
{
	char want[NUMFMT_PERCENT_MAX], got[NUMFMT_PERCENT_MAX];
	int n = snprintf(want, sizeof(want),
			 (-9.995 < p && p < 99.995) ? " (%5.2f%%)" : " (%5.1f%%)", p);
	size_t len = numfmt_percent(got, p);

	ck_assert_msg(strcmp(got, want) == 0, "%.17g: '%s', not '%s'", p, got, want);
	ck_assert_uint_eq(len, (size_t)n);
}

START_TEST(test_percent_like_printf)
{
	static const double edges[] = {
		0.125, 0.375, 0.625, 0.005, 0.015, 0.025, 2.675, 1.005, 99.995, 99.994999999,
		-9.995, -9.994999999, -0.0, 0.0, -0.001, -0.005, 0.0049999999999999999,
		1e-300, 5e-324, 1073741823.96, 1073741824.0, 1073741824.05, 1e9, 1e21,
		-1e21, 12345.55, 12345.65, 99.95, 100.05, 999.95,
	};

	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++)
		check_like_printf(edges[i]);
	/* Shares of small counts, as the tables print them. */
	for (int total = 1; total <= 400; total++)
		for (int x = -total; x <= 2 * total; x++)
			check_like_printf((double)x * 100.0 / total);
	/* Exact binary fractions: ties at every place. */
	for (int k = -4096; k <= 4096; k++)
		for (int e = 1; e <= 12; e++)
			check_like_printf(ldexp(k, -e));
	check_like_printf(NAN);
	check_like_printf(INFINITY);
}
END_TEST

START_TEST(test_ratio)
{
	ck_assert(numfmt_ratio100(1, 4) == 25.0);
	ck_assert(numfmt_ratio100(5, COST_ABSENT) == 0.0);
	ck_assert(numfmt_ratio100(5, 0) == 0.0);
	ck_assert(numfmt_ratio100(-1000, 100000) == -1.0);
	/* A negative total (a profile of differences) is taken by its size. */
	ck_assert(numfmt_ratio100(-950, -950) == -100.0);
	ck_assert(numfmt_ratio100(250, -1000) == 25.0);
	/* Beyond 2^53 Perl divides exactly when the quotient is whole. */
	ck_assert(numfmt_perl_div((int64_t)1 << 60, 2) == (double)((int64_t)1 << 59));
	ck_assert(numfmt_perl_div(9007199254740993LL, 1) == 9007199254740992.0);
	/* Perl's integers reach 2^64-1: dividing 2^64-1 by 3 stays exact. */
	ck_assert(numfmt_perl_div(COST_MAX, 3) == (double)(UINT64_MAX / 3));
	/* X * 100 beyond 2^64-1 falls back to doubles, as in Perl. */
	ck_assert(numfmt_ratio100(INT64_MAX, INT64_MAX) == 100.0);
	ck_assert(numfmt_ratio100(COST_MAX, COST_MAX) == 100.0);
	ck_assert(numfmt_ratio100(-COST_MAX, COST_MAX) == -100.0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("numfmt");
	TCase *tc = tcase_create("numfmt");

	tcase_add_test(tc, test_commas);
	tcase_add_test(tc, test_decimal);
	tcase_add_test(tc, test_absent_and_negative);
	tcase_add_test(tc, test_grouped);
	tcase_add_test(tc, test_signed);
	tcase_add_test(tc, test_fixed2);
	tcase_add_test(tc, test_width);
	tcase_add_test(tc, test_percent);
	tcase_add_test(tc, test_percent_like_printf);
	tcase_add_test(tc, test_ratio);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
