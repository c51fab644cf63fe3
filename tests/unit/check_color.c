/* The colour maps of call graphs, worked out by hand from CSS3's HSL-to-RGB
 * steps. */
#include "unit.h"

#include <math.h>

#include "fmt-color.h"

static const char *color(double w)
{
	static char buf[COLOR_HEX_MAX];

	color_temperature(w, buf);
	return buf;
}

START_TEST(test_ends)
{
	/* Hue 2/3, saturation 0.8, lightness 0.25: m2 = 0.45, m1 = 0.05;
	 * red and green get m1 (13), blue m2 (115). */
	ck_assert_str_eq(color(0.0), "#0d0d73");
	/* Hue 0, saturation 1, lightness 0.5: pure red. */
	ck_assert_str_eq(color(1.0), "#ff0000");
}
END_TEST

START_TEST(test_between)
{
	/* Hue 1/2, s 0.85, l 0.3125: m2 = 0.578125 (147), m1 = 0.046875 (12). */
	ck_assert_str_eq(color(0.25), "#0c9393");
	/* Hue 1/3, s 0.9, l 0.375: m2 = 0.7125 (182), m1 = 0.0375 (10). */
	ck_assert_str_eq(color(0.5), "#0ab60a");
	/* Hue 1/6, s 0.95, l 0.4375: m2 = 0.853125 (218), m1 = 0.021875 (6). */
	ck_assert_str_eq(color(0.75), "#dada06");
}
END_TEST

START_TEST(test_clamped)
{
	ck_assert_str_eq(color(-0.5), "#0d0d73");
	ck_assert_str_eq(color(7.0), "#ff0000");
	ck_assert_str_eq(color(NAN), "#0d0d73");
}
END_TEST

static const char *diverging(double w)
{
	static char buf[COLOR_HEX_MAX];

	color_diverging(w, buf);
	return buf;
}

/* Lightness 0.4: m2 = 0.4 (1 + s), m1 = 0.8 - m2. */
START_TEST(test_diverging)
{
	/* s 0: grey, 0.4 * 255 = 102. */
	ck_assert_str_eq(diverging(0.0), "#666666");
	ck_assert_str_eq(diverging(-0.0), "#666666");
	/* s 1: m2 = 0.8 (204), m1 = 0; hue 0 is red, 2/3 blue. */
	ck_assert_str_eq(diverging(1.0), "#cc0000");
	ck_assert_str_eq(diverging(-1.0), "#0000cc");
	/* s 0.5: m2 = 0.6 (153), m1 = 0.2 (51). */
	ck_assert_str_eq(diverging(0.25), "#993333");
	ck_assert_str_eq(diverging(-0.25), "#333399");
	/* s 0.1: m2 = 0.44 (112), m1 = 0.36 (92): a tint of grey. */
	ck_assert_str_eq(diverging(0.01), "#705c5c");
	ck_assert_str_eq(diverging(7.0), "#cc0000");
	ck_assert_str_eq(diverging(-7.0), "#0000cc");
	ck_assert_str_eq(diverging(NAN), "#666666");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("color");
	TCase *tc = tcase_create("color");

	tcase_add_test(tc, test_ends);
	tcase_add_test(tc, test_between);
	tcase_add_test(tc, test_clamped);
	tcase_add_test(tc, test_diverging);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
