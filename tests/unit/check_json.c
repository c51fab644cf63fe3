/* The JSON writer: layout, escaping, numbers. */
#include "unit.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fmt-json.h"
#include "model-cost.h"

/* What BUILD writes, as a string the caller frees; PAGE: in page mode. */
static char *written_as(void (*build)(struct json *), bool page)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	ck_assert_ptr_nonnull(f);
	if (page)
		json_init_page(&j, f);
	else
		json_init(&j, f);
	build(&j);
	json_finish(&j);
	fclose(f);
	return buf;
}

static char *written(void (*build)(struct json *))
{
	return written_as(build, false);
}

static void nested(struct json *j)
{
	json_begin_object(j);
	json_key(j, "a");
	json_int(j, -5);
	json_key(j, "v");
	json_begin_inline_array(j);
	json_int(j, 1);
	json_null(j);
	json_uint(j, UINT64_MAX);
	json_end_array(j);
	json_key(j, "l");
	json_begin_array(j);
	json_begin_object(j);
	json_key(j, "e");
	json_begin_array(j);
	json_end_array(j);
	json_end_object(j);
	json_bool(j, true);
	json_end_array(j);
	json_end_object(j);
}

START_TEST(test_layout)
{
	char *s = written(nested);

	ck_assert_str_eq(s, "{\n"
			 "  \"a\": -5,\n"
			 "  \"v\": [1, null, 18446744073709551615],\n"
			 "  \"l\": [\n"
			 "    {\n"
			 "      \"e\": []\n"
			 "    },\n"
			 "    true\n"
			 "  ]\n"
			 "}\n");
	free(s);
}
END_TEST

static void strings(struct json *j)
{
	json_begin_inline_array(j);
	json_string(j, "q\"b\\s/");
	json_string(j, "\n\t\r\x01\x1f");
	json_string(j, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	/* Invalid UTF-8: a lone continuation byte, a truncated sequence,
	 * an overlong encoding, a surrogate. */
	json_string(j, "\x80|\xe2\x82|\xc0\xaf|\xed\xa0\x80");
	json_string_len(j, "a\0b", 3);
	json_string(j, NULL);
	json_end_array(j);
}

START_TEST(test_escaping)
{
	char *s = written(strings);

	ck_assert_str_eq(s, "[\"q\\\"b\\\\s/\", \"\\n\\t\\r\\u0001\\u001f\", "
			 "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\", "
			 "\"\\ufffd|\\ufffd\\ufffd|\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd\", "
			 "\"a\\u0000b\", null]\n");
	free(s);
}
END_TEST

static void doubles(struct json *j)
{
	json_begin_inline_array(j);
	json_double(j, 0.1);
	json_double(j, 1.0 / 3.0);
	json_double(j, 1e300 * 1e300);
	json_double(j, -2.5);
	json_double(j, 1e21);
	json_end_array(j);
}

START_TEST(test_doubles)
{
	char *s = written(doubles);

	ck_assert_str_eq(s, "[0.1, 0.3333333333333333, null, -2.5, 1e+21]\n");
	free(s);
}
END_TEST

/* What could end or change a <script> element, in keys and strings. */
static void page_strings(struct json *j)
{
	json_begin_object(j);
	json_key(j, "</script>");
	json_begin_array(j);
	json_string(j, "</script><script>alert(1)</script>");
	json_string(j, "<!-- & -->");
	json_string(j, "a\xe2\x80\xa8" "b\xe2\x80\xa9" "c");
	json_string(j, "\xff]]>");
	json_int(j, (__int128)1 << 53);
	json_int(j, ((__int128)1 << 53) - 1);
	json_int(j, -((__int128)1 << 60));
	json_uint(j, UINT64_MAX);
	json_end_array(j);
	json_key(j, "e");
	json_begin_inline_array(j);
	json_end_array(j);
	json_end_object(j);
}

START_TEST(test_page)
{
	char *s = written_as(page_strings, true);

	ck_assert_str_eq(s, "{\"\\u003c/script\\u003e\":["
			 "\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\","
			 "\"\\u003c!-- \\u0026 --\\u003e\",\"a\\u2028b\\u2029c\",\"\\ufffd]]\\u003e\","
			 "\"9007199254740992\",9007199254740991,\"-1152921504606846976\","
			 "\"18446744073709551615\"],\"e\":[]}\n");
	free(s);
}
END_TEST

/* More than the writer's buffer in one string, and many small writes. */
static void long_output(struct json *j)
{
	static char big[20001];

	memset(big, 'x', sizeof(big) - 1);
	json_begin_inline_array(j);
	for (int i = 0; i < 3000; i++)
		json_int(j, i);
	json_string(j, big);
	json_int(j, 7);
	json_end_array(j);
}

START_TEST(test_buffer)
{
	char *s = written(long_output);
	size_t n = strlen(s);

	ck_assert_uint_gt(n, 20000 + 3000 * 3);
	ck_assert(strncmp(s, "[0, 1, 2, 3, ", 13) == 0);
	ck_assert_str_eq(s + n - 10, "xxxx\", 7]\n");
	ck_assert(strstr(s, "2998, 2999, \"xxx") != NULL);
	free(s);
}
END_TEST

/* Cost vectors, written straight into the buffer past its end many times:
 * a count, an absent one, and one beyond JavaScript's integers. */
#define NCOSTS 2000

static void costs(struct json *j)
{
	json_begin_inline_array(j);
	for (int i = 0; i < NCOSTS; i++) {
		const __int128 v[3] = { i, COST_ABSENT, (__int128)1 << 60 };

		json_cost(j, v, 3);
	}
	json_cost(j, NULL, 2);
	json_end_array(j);
}

static char *costs_expected(bool page)
{
	const char *sep = page ? "," : ", ";
	size_t cap = NCOSTS * 64 + 64, n = 0;
	char *e = malloc(cap);

	ck_assert_ptr_nonnull(e);
	n += (size_t)snprintf(e + n, cap - n, "[");
	for (int i = 0; i < NCOSTS; i++)
		n += (size_t)snprintf(e + n, cap - n, "%s[%d%snull%s%s1152921504606846976%s]",
				      i ? sep : "", i, sep, sep, page ? "\"" : "",
				      page ? "\"" : "");
	snprintf(e + n, cap - n, "%s[null%snull]]\n", sep, sep);
	return e;
}

/* What BUILD writes, in and out of page mode, against what EXPECTED says. */
static void check_modes(void (*build)(struct json *), char *(*expected)(bool))
{
	for (int page = 0; page < 2; page++) {
		char *s = written_as(build, page), *e = expected(page);

		ck_assert_str_eq(s, e);
		free(s);
		free(e);
	}
}

START_TEST(test_costs)
{
	check_modes(costs, costs_expected);
}
END_TEST

/* Rows of safe counts, written at once, past the buffer's end many times:
 * cost vectors with an absent count, and rows of numbers in an array
 * that has values before them, one of them beyond JavaScript's integers. */
static void rows(struct json *j)
{
	json_begin_inline_array(j);
	for (int i = 0; i < NCOSTS; i++) {
		const __int128 v[3] = { i, COST_ABSENT, 9007199254740991 };
		const uint64_t u[2] = { (uint64_t)i, 10 };

		json_cost(j, v, 3);
		json_uints(j, u, 2);
	}
	json_uints(j, (const uint64_t[]){ 9007199254740992u, 0 }, 2);
	json_end_array(j);
}

static char *rows_expected(bool page)
{
	const char *sep = page ? "," : ", ";
	size_t cap = NCOSTS * 64 + 64, n = 0;
	char *e = malloc(cap);

	ck_assert_ptr_nonnull(e);
	n += (size_t)snprintf(e + n, cap - n, "[");
	for (int i = 0; i < NCOSTS; i++)
		n += (size_t)snprintf(e + n, cap - n, "%s[%d%snull%s9007199254740991]%s%d%s10",
				      i ? sep : "", i, sep, sep, sep, i, sep);
	snprintf(e + n, cap - n, "%s%s9007199254740992%s%s0]\n", sep, page ? "\"" : "",
		 page ? "\"" : "", sep);
	return e;
}

START_TEST(test_rows)
{
	check_modes(rows, rows_expected);
}
END_TEST

/* Counts of every width, each side of each power of ten, as the digits
 * are written straight into the buffer. */
static void widths(struct json *j)
{
	uint64_t p = 1;

	json_begin_inline_array(j);
	for (int k = 0; k <= 15; k++, p *= 10) {
		json_int(j, (__int128)p - 1);
		json_int(j, (__int128)p);
	}
	json_end_array(j);
}

START_TEST(test_widths)
{
	char *s = written_as(widths, true), e[1024];
	size_t n = (size_t)snprintf(e, sizeof(e), "[");
	uint64_t p = 1;

	for (int k = 0; k <= 15; k++, p *= 10)
		n += (size_t)snprintf(e + n, sizeof(e) - n, "%s%" PRIu64 ",%" PRIu64, k ? "," : "",
				      p - 1, p);
	snprintf(e + n, sizeof(e) - n, "]\n");
	ck_assert_str_eq(s, e);
	free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("json");

	tcase_add_test(tc, test_layout);
	tcase_add_test(tc, test_escaping);
	tcase_add_test(tc, test_doubles);
	tcase_add_test(tc, test_page);
	tcase_add_test(tc, test_buffer);
	tcase_add_test(tc, test_costs);
	tcase_add_test(tc, test_rows);
	tcase_add_test(tc, test_widths);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
