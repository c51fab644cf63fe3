/* The --format=json report of a Callgrind or Cachegrind profile: one
 * object with every function (no threshold), for scripts.  The schema is
 * in the man page. */
#ifndef CGA_REPORT_JSON_H
#define CGA_REPORT_JSON_H

#include <stdio.h>

#include "report-columns.h"
#include "options.h"
#include "model-profile.h"
#include "calc-asm.h"
#include "calc-table.h"

/* Write P as JSON to OUT.  T is P's table in self mode (for the totals);
 * C gives the sort events.  Recomputes every function's total as its
 * inclusive cost.  V, unless NULL, gives the functions' instructions. */
void report_json(FILE *out, struct profile *p, const struct options *opt,
		 const struct columns *c, const struct table *t, const struct asm_view *v);

#endif
