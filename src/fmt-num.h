/* Number formatting as callgrind_annotate does it: commas in counts,
 * percentages with one or two decimals, column widths. */
#ifndef CGA_FMT_NUM_H
#define CGA_FMT_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model-cost.h"

/* Longest text numfmt_count or numfmt_decimal writes, with its NUL: any
 * 128-bit integer, sign and commas included. */
#define NUMFMT_COUNT_MAX 56
/* Longest text numfmt_percent writes, with its NUL. */
#define NUMFMT_PERCENT_MAX 48

/* Write V into BUF in plain decimal.  Returns the length. */
size_t numfmt_decimal(char *buf, cost_t v);

/* Write C into BUF: "." when absent; digits grouped by commas; negative
 * numbers without commas (the reference's commify only groups a leading run
 * of digits).  Returns the length. */
size_t numfmt_count(char *buf, cost_t c);

/* Write C into BUF as a change reads best: "." when absent; digits grouped
 * by commas after the sign too ("-6,448,401").  Returns the length. */
size_t numfmt_grouped(char *buf, cost_t c);
/* A change: "+1,234" for growth, "-1,234", "0"; "." when absent.  Returns
 * the length. */
size_t numfmt_signed(char *buf, cost_t c);

/* Columns the count needs, as the reference computes it from the digits
 * alone: len + (len - 1) / 3, the sign counted as a digit. */
size_t numfmt_count_width(cost_t c);

/* X * 100 / TOTAL as Perl computes it (integer arithmetic while exact, else
 * doubles); 0 when TOTAL is absent or zero. */
double numfmt_ratio100(cost_t x, cost_t total);

/* " (12.34%)" for -9.995 < P < 99.995, else " (100.0%)".  Returns the length. */
size_t numfmt_percent(char *buf, double p);

/* P with two decimals, as printf's "%.2f" writes it ("-31.87",
 * "-150.00").  Returns the length, less than NUMFMT_PERCENT_MAX. */
size_t numfmt_fixed2(char *buf, double p);

/* V per call of N calls (N > 0) as the per-call columns round it: to the
 * nearest tenth while that is below 10 in size, else to the nearest
 * integer, halves away from zero.  Returns true with the value in tenths
 * in *VALUE, or false with the integer. */
bool numfmt_per_call(cost_t v, cost_t n, cost_t *value);

/* V per call of N calls as a cell shows it, into BUF (room for
 * NUMFMT_COUNT_MAX): "2.5", "1,234" (commas as in changes: after a sign
 * too); "-" where no call enters (N <= 0), "." where V is absent.
 * Returns the length. */
size_t numfmt_per_call_text(char *buf, cost_t v, cost_t n);

/* Perl's X / Y (Y != 0) for integers, which Perl holds exactly from
 * -2^63 to 2^64-1 and as doubles beyond. */
double numfmt_perl_div(cost_t x, cost_t y);

#endif
