/* The temperature colour map of call graphs, worked out by hand from CSS3's
 * HSL-to-RGB steps. */
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

int main(void)
{
	Suite *s = suite_create("color");
	TCase *tc = tcase_create("color");

	tcase_add_test(tc, test_ends);
	tcase_add_test(tc, test_between);
	tcase_add_test(tc, test_clamped);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
