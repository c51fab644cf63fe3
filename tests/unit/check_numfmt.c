/* Number formatting: commas, widths, percentages, Perl's division. */
#include "unit.h"

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
	tcase_add_test(tc, test_width);
	tcase_add_test(tc, test_percent);
	tcase_add_test(tc, test_ratio);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
