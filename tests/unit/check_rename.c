/* --mod-filename/--mod-funcname rules: sed-like substitution with POSIX
 * extended expressions, groups, the g and i flags, other delimiters. */
#include "unit.h"

#include "diag.h"
#include "model-rename.h"

/* NAME after the rule EXPR; "=" when no rule matched. */
static char *apply(const char *expr, const char *name)
{
	static char buf[256];
	char *exprs[] = { (char *)expr };
	struct rename *r = rename_new(exprs, 1, "mod-funcname");
	size_t len;
	char *out = rename_apply(r, name, strlen(name), &len);

	if (out == NULL) {
		strcpy(buf, "=");
	} else {
		ck_assert_uint_eq(len, strlen(out));
		snprintf(buf, sizeof(buf), "%s", out);
		free(out);
	}
	rename_free(r);
	return buf;
}

START_TEST(test_substitute)
{
	ck_assert_str_eq(apply("s/foo/bar/", "foo_foo"), "bar_foo");
	ck_assert_str_eq(apply("s/foo/bar/g", "foo_foo"), "bar_bar");
	ck_assert_str_eq(apply("s/x/y/", "abc"), "=");
	ck_assert_str_eq(apply("s/^/pre_/", "abc"), "pre_abc");
	ck_assert_str_eq(apply("s/$/_post/", "abc"), "abc_post");
}
END_TEST

START_TEST(test_groups_and_flags)
{
	ck_assert_str_eq(apply("s/([a-z]+)\\.([0-9]+)/\\2.\\1/", "abc.42"), "42.abc");
	ck_assert_str_eq(apply("s/b+/[&]/", "abbbc"), "a[bbb]c");
	ck_assert_str_eq(apply("s/b/\\&/", "abc"), "a&c");
	ck_assert_str_eq(apply("s/ABC/x/i", "zabcz"), "zxz");
	ck_assert_str_eq(apply("s/\\.(constprop|isra)\\.[0-9]+$//", "f.isra.0"), "f");
	/* Empty matches advance one character at a time under g. */
	ck_assert_str_eq(apply("s/x*/-/g", "ab"), "-a-b-");
}
END_TEST

START_TEST(test_delimiters)
{
	ck_assert_str_eq(apply("s#/build/[^/]+/#./#", "/build/v2/a.c"), "./a.c");
	ck_assert_str_eq(apply("s/\\/tmp\\//\\//", "/tmp/a.c"), "/a.c");
	ck_assert_str_eq(apply("s|a|b|g", "banana"), "bbnbnb");
}
END_TEST

START_TEST(test_rules_in_order)
{
	char *exprs[] = { "s/a/b/g", "s/b/c/" };
	struct rename *r = rename_new(exprs, 2, "mod-filename");
	size_t len;
	char *out = rename_apply(r, "aab", 3, &len);

	ck_assert_str_eq(out, "cbb");
	free(out);
	ck_assert_ptr_null(rename_apply(r, "xyz", 3, &len));
	rename_free(r);
	ck_assert_ptr_null(rename_new(exprs, 0, "mod-filename"));
	ck_assert_ptr_null(rename_apply(NULL, "x", 1, &len));
}
END_TEST

/* Invalid rules die with EXIT_USAGE. */
START_TEST(test_invalid)
{
	static const char *const bad[] = {
		"s/(/x/", "x/a/b/", "s/a/b", "s/a", "s/a/b/q", "s/a/\\1/", "s", "",
	};
	char *exprs[] = { (char *)bad[_i] };

	rename_new(exprs, 1, "mod-filename");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rename");
	TCase *tc = tcase_create("rename");

	tcase_add_test(tc, test_substitute);
	tcase_add_test(tc, test_groups_and_flags);
	tcase_add_test(tc, test_delimiters);
	tcase_add_test(tc, test_rules_in_order);
	tcase_add_loop_exit_test(tc, test_invalid, EXIT_USAGE, 0, 8);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
