/* The report of --compare: one table of every profile's figures, each
 * against the reference profile's, as text, JSON, CSV or Markdown. */
#ifndef CGA_REPORT_COMPARE_H
#define CGA_REPORT_COMPARE_H

#include <stdio.h>

#include "calc-compare.h"
#include "options.h"
#include "report-columns.h"

/* Write CMP to OUT in OPT's format; C gives the shown events. */
void report_compare(FILE *out, const struct comparison *cmp, const struct options *opt,
		    const struct columns *c);

#endif
