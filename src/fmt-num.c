#include "fmt-num.h"

#include <stdio.h>
#include <string.h>

size_t numfmt_decimal(char *buf, cost_t v)
{
	/* printf has no conversion for 128-bit integers. */
	unsigned __int128 m = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
	char rev[NUMFMT_COUNT_MAX];
	size_t n = 0, o = 0;

	do {
		rev[n++] = (char)('0' + (int)(m % 10));
		m /= 10;
	} while (m != 0);
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

size_t numfmt_count_width(cost_t c)
{
	char digits[NUMFMT_COUNT_MAX];
	size_t len = numfmt_decimal(digits, c);

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

size_t numfmt_percent(char *buf, double p)
{
	const char *fmt = (-9.995 < p && p < 99.995) ? " (%5.2f%%)" : " (%5.1f%%)";

	return (size_t)snprintf(buf, NUMFMT_PERCENT_MAX, fmt, p);
}
