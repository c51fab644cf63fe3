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

struct json;
struct pfile;

/* What the HTML report (report-html.c) changes in and adds to the model it
 * embeds: the same object, with calls in short form and the page's own
 * data after the rest. */
struct json_page {
	/* Calls (callers, callees, the calls of lines and instructions) as
	 * [index in "functions", count, [inclusive cost]] rather than
	 * objects naming the other function (but for a function that is no
	 * entry of "functions"); callers as the index of the caller alone,
	 * whose callees hold the call; "inlined_into" as an index, left out
	 * when null; "inclusive_estimate" only where the inclusive cost is a
	 * bound that the estimate differs from; "object" as its place in the
	 * top object's "objects"; "cycle" left out when null. */
	bool short_calls;
	/* The files whose lines to write, in this order, instead of every
	 * file with per-line data. */
	const struct pfile *const *files;
	size_t nfiles;
	/* Writes more keys of function F's object, after its own. */
	void (*function)(struct json *j, const struct func *f, void *arg);
	/* Writes more keys of the top object, last. */
	void (*more)(struct json *j, void *arg);
	void *arg;
};

/* Write P as JSON to OUT.  T is P's table in self mode (for the totals);
 * C gives the sort events.  Recomputes every function's total as its
 * inclusive cost.  V, unless NULL, gives the functions' instructions. */
void report_json(FILE *out, struct profile *p, const struct options *opt,
		 const struct columns *c, const struct table *t, const struct asm_view *v);

/* The same object into J (begun and finished by the caller), changed and
 * extended by PAGE unless it is NULL. */
void report_json_write(struct json *j, struct profile *p, const struct options *opt,
		       const struct columns *c, const struct table *t, const struct asm_view *v,
		       const struct json_page *page);

#endif
