/* The --format=csv report: every function as a row of RFC 4180 CSV, for
 * spreadsheets and pandas. */
#ifndef CGA_REPORT_CSV_H
#define CGA_REPORT_CSV_H

#include <stdio.h>

#include "model-profile.h"
#include "options.h"
#include "report-columns.h"

/* Write every function of P to OUT (cycles_mark and, outside a diff or
 * focus, estimate_compute must have run): a header row, then one row per
 * function, ordered as JSON orders them: file, function, object; for each
 * event C shows its self cost, inclusive cost and inclusive estimate; how
 * many times it was called; the number of its cycle of calls.  Lines end
 * in CRLF; an absent count is an empty field. */
void report_csv(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c);

/* S as a field: in double quotes (each one doubled) when it holds a comma,
 * a double quote or a space at an end; what is not text (control
 * characters, bytes that are not UTF-8) as U+FFFD. */
void csv_field(FILE *out, const char *s);

/* ",X": a comma, then the count X in plain decimal (nothing when absent). */
void csv_count(FILE *out, cost_t x);

#endif
