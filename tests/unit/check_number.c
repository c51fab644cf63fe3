/* Decimal numbers 8 digits at a time (read-number.h) at their edges:
 * every length, the bytes either side of the digits, what follows. */
#include "unit.h"

#include <inttypes.h>

#include "read-number.h"

/* TEXT copied into a buffer with readable bytes after it, as the reader's
 * input has; FILL is what those bytes hold. */
static const char *padded(const char *text, char fill)
{
	static char buf[128];
	size_t n = strlen(text);

	ck_assert_uint_lt(n + 32, sizeof(buf));
	memset(buf, fill, sizeof(buf));
	memcpy(buf, text, n);
	return buf;
}

/* number_scan of TEXT (then FILL) reads LEN bytes as VALUE. */
static void check_scan(const char *text, char fill, size_t len, uint64_t value)
{
	const char *s = padded(text, fill);
	uint64_t v = 0;
	const char *end = number_scan(s, &v);

	ck_assert_msg(end != NULL, "'%s': no number", text);
	ck_assert_uint_eq((size_t)(end - s), len);
	ck_assert_msg(v == value, "'%s': %" PRIu64 ", not %" PRIu64, text, v, value);
}

START_TEST(test_every_length)
{
	char text[32];
	uint64_t value = 0;

	/* 1, 12, 123, ... 1234567890123456 and 9, 99, ... 16 nines. */
	for (size_t n = 1; n <= 16; n++) {
		text[n - 1] = (char)('0' + n % 10);
		text[n] = ' ';
		text[n + 1] = '\0';
		value = value * 10 + n % 10;
		check_scan(text, '\n', n, value);
	}
	value = 0;
	for (size_t n = 1; n <= 16; n++) {
		text[n - 1] = '9';
		text[n] = '\n';
		text[n + 1] = '\0';
		value = value * 10 + 9;
		check_scan(text, 'x', n, value);
	}
}
END_TEST

START_TEST(test_too_long_or_none)
{
	uint64_t v;

	/* 17 digits and more are left to the careful parser. */
	ck_assert_ptr_null(number_scan(padded("12345678901234567 ", '\n'), &v));
	ck_assert_ptr_null(number_scan(padded("18446744073709551615\n", '\n'), &v));
	ck_assert_ptr_null(number_scan(padded("00000000000000000001\n", '\n'), &v));
	/* 16 digits, then the text ends in a digit of the padding. */
	ck_assert_ptr_null(number_scan(padded("1234567890123456", '7'), &v));
	ck_assert_ptr_null(number_scan(padded(" 1", '\n'), &v));
	ck_assert_ptr_null(number_scan(padded("x1", '\n'), &v));
	ck_assert_ptr_null(number_scan(padded("\n", '1'), &v));
	ck_assert_ptr_null(number_scan(padded("-1", '\n'), &v));
	ck_assert_ptr_null(number_scan(padded("+1", '\n'), &v));
}
END_TEST

START_TEST(test_neighbours_of_digits)
{
	/* The bytes just below '0' and just above '9' end a number, and so
	 * do bytes far from them, whatever follows. */
	check_scan("12/", '9', 2, 12);
	check_scan("12:", '9', 2, 12);
	check_scan("1234567/", '9', 7, 1234567);
	check_scan("12345678:", '9', 8, 12345678);
	check_scan("123456789/", '9', 9, 123456789);
	check_scan("7\x7f", '9', 1, 7);
	check_scan("7\xff", '9', 1, 7);
	check_scan("7\x80", '9', 1, 7);
	check_scan("7", '\0', 1, 7);
	check_scan("0x1f", '\n', 1, 0);
	check_scan("5.", '\n', 1, 5);
}
END_TEST

START_TEST(test_leading_zeros)
{
	check_scan("0 ", '\n', 1, 0);
	check_scan("00000000 ", '\n', 8, 0);
	check_scan("0000000000000000 ", '\n', 16, 0);
	check_scan("00000001 ", '\n', 8, 1);
	check_scan("000000000000042\n", '\n', 15, 42);
	check_scan("0000000000000042\n", '\n', 16, 42);
	check_scan("9999999999999999\n", '\n', 16, 9999999999999999ULL);
	check_scan("1000000000000000\n", '\n', 16, 1000000000000000ULL);
	check_scan("10000000\n", '\n', 8, 10000000);
	check_scan("100000000\n", '\n', 9, 100000000);
}
END_TEST

/* Every split of a 16-digit number between the two 8-byte loads. */
START_TEST(test_second_load)
{
	const char *digits = "8070605040302010";
	char text[32];

	for (size_t n = 9; n <= 16; n++) {
		uint64_t value = 0;

		memcpy(text, digits, n);
		text[n] = ' ';
		text[n + 1] = '\0';
		for (size_t i = 0; i < n; i++)
			value = value * 10 + (uint64_t)(digits[i] - '0');
		check_scan(text, '5', n, value);
	}
}
END_TEST

/* Every byte value in every one of the 16 places: the masks say what a
 * byte loop says (the SSE2 compare is signed: bytes from 0x80 must not
 * pass for digits or blanks). */
START_TEST(test_masks_every_byte)
{
	char text[32];

	for (unsigned place = 0; place < 16; place++)
		for (unsigned byte = 0; byte < 256; byte++) {
			struct number_masks m;
			uint32_t bit = 1u << place;

			memset(text, 'a', sizeof(text));
			text[place] = (char)byte;
			m = number_masks16(text);
			ck_assert_uint_eq(m.digit, byte >= '0' && byte <= '9' ? bit : 0);
			ck_assert_uint_eq(m.blank, byte == ' ' ? bit : 0);
			ck_assert_uint_eq(m.newline, byte == '\n' ? bit : 0);
		}
}
END_TEST

START_TEST(test_masks_of_a_line)
{
	/* Only the first 16 bytes count: the second newline is beyond. */
	struct number_masks m = number_masks16("+12 * 7 0x9a\t3\n12345678\n");

	ck_assert_uint_eq(m.digit, 0x1u << 1 | 0x1u << 2 | 0x1u << 6 | 0x1u << 8 | 0x1u << 10 |
				   0x1u << 13 | 0x1u << 15);
	ck_assert_uint_eq(m.blank, 0x1u << 3 | 0x1u << 5 | 0x1u << 7);
	ck_assert_uint_eq(m.newline, 0x1u << 14);
}
END_TEST

/* number_value_at: 1 to 8 digits, whatever follows them. */
START_TEST(test_value_at)
{
	static const char text[] = "9876543210";
	uint64_t want = 0;

	for (unsigned n = 1; n <= 8; n++) {
		want = want * 10 + (uint64_t)(text[n - 1] - '0');
		ck_assert_uint_eq(number_value_at(text, n), want);
		ck_assert_uint_eq(number_value_at(padded("00000000", '7'), n), 0);
	}
	ck_assert_uint_eq(number_value_at(padded("99999999", ' '), 8), 99999999);
	ck_assert_uint_eq(number_value_at(padded("1 ", '5'), 1), 1);
}
END_TEST

/* number_line_end: the first newline at every distance from the start,
 * across 16-byte loads, with a NUL byte before it, after it or none. */
START_TEST(test_line_end)
{
	char text[96];

	for (unsigned len = 0; len < 64; len++)
		for (int nul_at = -1; nul_at < 66; nul_at++) {
			bool nul = false;

			memset(text, 'x', sizeof(text));
			text[len] = '\n';
			text[len + 5] = '\n';
			if (nul_at >= 0)
				text[nul_at] = '\0';
			if (nul_at == (int)len)
				continue;
			ck_assert_ptr_eq(number_line_end(text, &nul), text + len);
			ck_assert_int_eq(nul, nul_at >= 0 && nul_at < (int)len);
		}
	/* A NUL already seen stays seen. */
	{
		const char *abc = padded("abc\n", 'x');
		bool nul = true;

		ck_assert_ptr_eq(number_line_end(abc, &nul), abc + 3);
		ck_assert(nul);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("number");
	TCase *tc = tcase_create("number");

	tcase_add_test(tc, test_every_length);
	tcase_add_test(tc, test_too_long_or_none);
	tcase_add_test(tc, test_neighbours_of_digits);
	tcase_add_test(tc, test_leading_zeros);
	tcase_add_test(tc, test_second_load);
	tcase_add_test(tc, test_masks_every_byte);
	tcase_add_test(tc, test_masks_of_a_line);
	tcase_add_test(tc, test_value_at);
	tcase_add_test(tc, test_line_end);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
