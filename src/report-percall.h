/* The text report's per-call columns (--per-call=yes): for each shown
 * event, "EVENT self/call" and "EVENT incl/call" (see calc-percall.h),
 * after the counts of the function table. */
#ifndef CGA_REPORT_PERCALL_H
#define CGA_REPORT_PERCALL_H

#include <stdio.h>

#include "calc-table.h"
#include "report-columns.h"

struct percall_columns {
	size_t *width;             /* by shown event: self/call's, then incl/call's */
};

/* Widths for the rows of T (whose per_call must be set). */
void percall_columns_init(struct percall_columns *w, const struct columns *c,
			  const struct table *t);
void percall_columns_release(struct percall_columns *w);
void percall_print_header(FILE *out, const struct columns *c, const struct percall_columns *w);
/* Row F's cells, each followed by a space; F NULL: blank cells (a --tree
 * line). */
void percall_print_cells(FILE *out, const struct columns *c, const struct percall_columns *w,
			 const struct table *t, const struct func *f);

#endif
