/* Number formatting as callgrind_annotate does it: commas in counts,
 * percentages with one or two decimals, column widths. */
#ifndef CGA_NUMFMT_H
#define CGA_NUMFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cost.h"

/* Longest text numfmt_count writes, with its NUL. */
#define NUMFMT_COUNT_MAX 32
/* Longest text numfmt_percent writes, with its NUL. */
#define NUMFMT_PERCENT_MAX 48

/* Write C into BUF: "." when absent; digits grouped by commas; negative
 * numbers without commas (the reference's commify only groups a leading run
 * of digits).  Returns the length. */
size_t numfmt_count(char *buf, cost_t c);

/* Columns the count needs, as the reference computes it from the digits
 * alone: len + (len - 1) / 3, the sign counted as a digit. */
size_t numfmt_count_width(cost_t c);

/* X * 100 / TOTAL as Perl computes it (integer arithmetic while exact, else
 * doubles); 0 when TOTAL is absent or zero. */
double numfmt_ratio100(int64_t x, cost_t total);

/* " (12.34%)" for -9.995 < P < 99.995, else " (100.0%)".  Returns the length. */
size_t numfmt_percent(char *buf, double p);

/* Perl's X / Y for integers (Y != 0). */
double numfmt_perl_div(int64_t x, int64_t y);

#endif
