#include "numfmt.h"

#include <stdio.h>
#include <string.h>

size_t numfmt_count(char *buf, cost_t c)
{
	char digits[NUMFMT_COUNT_MAX];
	size_t n, lead, o = 0;

	if (c == COST_ABSENT) {
		memcpy(buf, ".", 2);
		return 1;
	}
	n = (size_t)snprintf(digits, sizeof(digits), "%lld", (long long)c);
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
	size_t len = (size_t)snprintf(digits, sizeof(digits), "%lld", (long long)c);

	return len + (len - 1) / 3;
}

/* Perl keeps integer division exact only when an operand is beyond the
 * range doubles represent exactly (2^53) and the quotient is whole. */
double numfmt_perl_div(int64_t x, int64_t y)
{
	const uint64_t exact = (uint64_t)1 << 53;
	uint64_t ux = x < 0 ? -(uint64_t)x : (uint64_t)x;
	uint64_t uy = y < 0 ? -(uint64_t)y : (uint64_t)y;

	if (ux >= uy && (ux > exact || uy > exact) && ux % uy == 0) {
		double q = (double)(ux / uy);

		return (x < 0) != (y < 0) ? -q : q;
	}
	return (double)x / (double)y;
}

double numfmt_ratio100(int64_t x, cost_t total)
{
	int64_t scaled;

	if (total == COST_ABSENT || total == 0)
		return 0.0;
	if (__builtin_mul_overflow(x, (int64_t)100, &scaled))
		return (double)x * 100.0 / (double)total;
	return numfmt_perl_div(scaled, total);
}

size_t numfmt_percent(char *buf, double p)
{
	const char *fmt = (-9.995 < p && p < 99.995) ? " (%5.2f%%)" : " (%5.1f%%)";

	return (size_t)snprintf(buf, NUMFMT_PERCENT_MAX, fmt, p);
}
