#include "fmt-num.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

size_t numfmt_decimal(char *buf, cost_t v)
{
	/* printf has no conversion for 128-bit integers. */
	unsigned __int128 m = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
	char rev[NUMFMT_COUNT_MAX];
	size_t n = 0, o = 0;

	/* 128-bit division is a call into libgcc: only for the digits beyond
	 * 64 bits. */
	while (m > UINT64_MAX) {
		rev[n++] = (char)('0' + (int)(m % 10));
		m /= 10;
	}
	for (uint64_t m64 = (uint64_t)m; n == 0 || m64 != 0; m64 /= 10)
		rev[n++] = (char)('0' + (int)(m64 % 10));
	if (v < 0)
		buf[o++] = '-';
	while (n > 0)
		buf[o++] = rev[--n];
	buf[o] = '\0';
	return o;
}

size_t numfmt_count(char *buf, cost_t c)
{
	char digits[NUMFMT_COUNT_MAX];
	size_t n, lead, o = 0;

	if (c == COST_ABSENT) {
		memcpy(buf, ".", 2);
		return 1;
	}
	n = numfmt_decimal(digits, c);
	if (c < 0) {
		memcpy(buf, digits, n + 1);
		return n;
	}
	lead = n % 3 ? n % 3 : 3;
	for (size_t i = 0; i < n; i++) {
		if (i >= lead && (i - lead) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return o;
}

size_t numfmt_grouped(char *buf, cost_t c)
{
	if (c == COST_ABSENT || c >= 0)
		return numfmt_count(buf, c);
	buf[0] = '-';
	/* -COST_ABSENT is not a count: every other negative one has a
	 * magnitude that numfmt_count writes. */
	return 1 + numfmt_count(buf + 1, -c);
}

size_t numfmt_signed(char *buf, cost_t c)
{
	if (c == COST_ABSENT || c <= 0)
		return numfmt_grouped(buf, c);
	buf[0] = '+';
	return 1 + numfmt_count(buf + 1, c);
}

size_t numfmt_count_width(cost_t c)
{
	char digits[NUMFMT_COUNT_MAX];
	size_t len = 1;

	if (c < 0 || c > UINT64_MAX) {
		len = numfmt_decimal(digits, c);
	} else {
		for (uint64_t m = (uint64_t)c; m >= 10; m /= 10)
			len++;
	}
	return len + (len - 1) / 3;
}

/* Whether Perl holds V as an integer (IV or UV) rather than a double. */
static bool perl_integer(cost_t v)
{
	return v >= (cost_t)INT64_MIN && v <= (cost_t)UINT64_MAX;
}

/* Perl keeps integer division exact only when an operand is beyond the
 * range doubles represent exactly (2^53) and the quotient is whole. */
double numfmt_perl_div(cost_t x, cost_t y)
{
	const uint64_t exact = (uint64_t)1 << 53;
	uint64_t ux, uy;

	if (!perl_integer(x) || !perl_integer(y))
		return (double)x / (double)y;
	ux = x < 0 ? (uint64_t)-x : (uint64_t)x;
	uy = y < 0 ? (uint64_t)-y : (uint64_t)y;
	if (ux >= uy && (ux > exact || uy > exact) && ux % uy == 0) {
		double q = (double)(ux / uy);

		return (x < 0) != (y < 0) ? -q : q;
	}
	return (double)x / (double)y;
}

/* As Perl's X * 100 / TOTAL: a product outside Perl's integers is a double.
 * A negative total (a profile of differences, as cg_diff writes) is taken
 * by its size, so that a share keeps the sign of its count: a total of
 * -200 reads -100%, not 100%. */
double numfmt_ratio100(cost_t x, cost_t total)
{
	cost_t scaled = x * 100;   /* callers pass sums far below 2^120 */

	if (total == COST_ABSENT || total == 0)
		return 0.0;
	if (total < 0)
		total = -total;
	if (!perl_integer(scaled))
		return (double)x * 100.0 / (double)total;
	return numfmt_perl_div(scaled, total);
}

/* |P| * SCALE rounded to an integer as printf rounds: the exact binary
 * value of P to the nearest, ties to even.  P = M * 2^(E - 53) exactly,
 * with M an integer below 2^53, so this is integer arithmetic.  For
 * |P| < 2^30 and SCALE <= 100. */
static uint64_t round_scaled(double p, uint64_t scale)
{
	int e;
	uint64_t m = (uint64_t)ldexp(frexp(fabs(p), &e), 53), x = m * scale;
	int shift = 53 - e;   /* above 23 for |P| < 2^30 */
	uint64_t rest, half, n;

	if (shift >= 64)
		return 0;       /* below 2^-10: rounds to zero */
	rest = x & ((UINT64_C(1) << shift) - 1);
	half = UINT64_C(1) << (shift - 1);
	n = x >> shift;
	return n + (rest > half || (rest == half && (n & 1)));
}

/* |P| < 2^30 with SCALE 10 or 100: "-12.3" or "-12.34".  Returns the
 * length. */
static size_t write_scaled(char *text, double p, uint64_t scale)
{
	uint64_t n = round_scaled(p, scale);
	size_t len = 0;

	if (signbit(p))
		text[len++] = '-';
	len += numfmt_decimal(text + len, (cost_t)(n / scale));
	text[len++] = '.';
	if (scale == 100)
		text[len++] = (char)('0' + n / 10 % 10);
	text[len++] = (char)('0' + n % 10);
	text[len] = '\0';
	return len;
}

size_t numfmt_fixed2(char *buf, double p)
{
	int n;

	if (fabs(p) < (double)(1 << 30))
		return write_scaled(buf, p, 100);
	n = snprintf(buf, NUMFMT_PERCENT_MAX, "%.2f", p);
	return n < NUMFMT_PERCENT_MAX ? (size_t)n : NUMFMT_PERCENT_MAX - 1;
}

size_t numfmt_percent(char *buf, double p)
{
	bool two = -9.995 < p && p < 99.995;
	char text[32];
	size_t len, pad;

	/* printf's %f costs more than all the rest of a table row: the usual
	 * percentages are written here, as printf writes them. */
	if (!(fabs(p) < (double)(1 << 30)))
		return (size_t)snprintf(buf, NUMFMT_PERCENT_MAX,
					two ? " (%5.2f%%)" : " (%5.1f%%)", p);
	len = write_scaled(text, p, two ? 100 : 10);
	/* " (%5.Nf%)" */
	pad = len < 5 ? 5 - len : 0;
	memcpy(buf, " (", 2);
	memset(buf + 2, ' ', pad);
	memcpy(buf + 2 + pad, text, len);
	memcpy(buf + 2 + pad + len, "%)", 3);
	return 2 + pad + len + 2;
}

/* A / B (B > 0) rounded to the nearest integer, halves away from zero. */
static cost_t round_div(cost_t a, cost_t b)
{
	return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b);
}

bool numfmt_per_call(cost_t v, cost_t n, cost_t *value)
{
	cost_t tenths = round_div(10 * v, n);

	if (tenths > -100 && tenths < 100) {
		*value = tenths;
		return true;
	}
	*value = round_div(v, n);
	return false;
}

size_t numfmt_per_call_text(char *buf, cost_t v, cost_t n)
{
	cost_t x;

	if (v == COST_ABSENT)
		return numfmt_count(buf, v);
	if (n <= 0) {
		memcpy(buf, "-", 2);
		return 1;
	}
	if (!numfmt_per_call(v, n, &x))
		return numfmt_grouped(buf, x);
	return (size_t)sprintf(buf, "%s%d.%d", x < 0 ? "-" : "", (int)(x < 0 ? -x : x) / 10,
			       (int)(x < 0 ? -x : x) % 10);
}
