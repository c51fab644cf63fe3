/* Shortening names: templates, then parameters, then the middle. */
#include "unit.h"

#include "fmt-name.h"

#define ELLIPSIS "\xe2\x80\xa6"

/* name_shorten (or name_cut_middle, MIDDLE) of S to MAX characters is
 * WANT. */
static void check(const char *s, size_t max, const char *want, bool middle)
{
	char *got = middle ? name_cut_middle(s, max) : name_shorten(s, max);

	ck_assert_msg(strcmp(got, want) == 0, "%s (%zu): '%s', not '%s'", s, max, got, want);
	ck_assert_uint_le(name_chars(got), max);
	free(got);
}

START_TEST(test_chars)
{
	ck_assert_uint_eq(name_chars(""), 0);
	ck_assert_uint_eq(name_chars("main"), 4);
	ck_assert_uint_eq(name_chars("f<" ELLIPSIS ">"), 4);
	ck_assert_uint_eq(name_chars("caf\xc3\xa9"), 4);
}
END_TEST

START_TEST(test_short_enough)
{
	check("main", 4, "main", false);
	check("std::vector<int, std::allocator<int> >::push_back(int const&)", 100,
	      "std::vector<int, std::allocator<int> >::push_back(int const&)", false);
}
END_TEST

START_TEST(test_templates)
{
	/* Only the outermost lists, and "operator<" is a name. */
	check("std::vector<int, std::allocator<int> >::push_back(int const&)", 40,
	      "std::vector<" ELLIPSIS ">::push_back(int const&)", false);
	check("bool std::operator< <char>(std::basic_string<char> const&, char const*)", 70,
	      "bool std::operator< <" ELLIPSIS ">(std::basic_string<" ELLIPSIS "> const&, char const*)",
	      false);
	/* "<ab>" is no longer than "<…>" would be: kept. */
	check("f<ab>(int, int, int, int)", 20, "f<ab>(" ELLIPSIS ")", false);
	/* The ">" of "->" closes nothing. */
	check("p->q<int, long>()", 12, "p->q<" ELLIPSIS ">()", false);
}
END_TEST

START_TEST(test_parameters)
{
	check("void ns::Shape::draw(ns::Canvas&, ns::Pen const&) const", 30,
	      "void ns::Shape::draw(" ELLIPSIS ") const", false);
	/* callgrind's recursion depth follows the list. */
	check("walk(node*, unsigned long)'2", 12, "walk(" ELLIPSIS ")'2", false);
	/* "(below main)" is no parameter list: cut in the middle. */
	check("(below main)'main'start", 12, "(be" ELLIPSIS "in'start", false);
}
END_TEST

START_TEST(test_middle)
{
	/* 10 characters: 3 before "…", 6 after. */
	check("abcdefghijklmnopqrstuvwxyz", 10, "abc" ELLIPSIS "uvwxyz", true);
	check("abcdefghijklmnopqrstuvwxyz", 10, "abc" ELLIPSIS "uvwxyz", false);
	check("abcdef", 1, ELLIPSIS, true);
	/* No "…" beside the cut, no half "::". */
	check("void std::__introsort_loop<" ELLIPSIS ">(" ELLIPSIS ") [clone .isra.0]'2", 30,
	      "void std::" ELLIPSIS ") [clone .isra.0]'2", true);
	check("ab" ELLIPSIS "defghijklmnopqrstuvwxyz", 10, "ab" ELLIPSIS "tuvwxyz", true);
	check("ab::cdefghijklmnopqrstuvwxyz", 10, "ab" ELLIPSIS "tuvwxyz", true);
	check("abcdefghijklmnopqrstu::vwxyz", 10, "abcd" ELLIPSIS "vwxyz", true);
	/* No character is cut in two. */
	check("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 4, "\xc3\xa9" ELLIPSIS "\xc3\xa9\xc3\xa9",
	      true);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("name");
	TCase *tc = tcase_create("name");

	tcase_add_test(tc, test_chars);
	tcase_add_test(tc, test_short_enough);
	tcase_add_test(tc, test_templates);
	tcase_add_test(tc, test_parameters);
	tcase_add_test(tc, test_middle);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
