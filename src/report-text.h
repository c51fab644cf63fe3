/* The report before the annotated sources: the header block, PROGRAM
 * TOTALS and the function table with its optional call trees. */
#ifndef CGA_REPORT_TEXT_H
#define CGA_REPORT_TEXT_H

#include <stdio.h>

#include "report-columns.h"
#include "options.h"
#include "model-profile.h"
#include "calc-table.h"

void report_header(FILE *out, const struct profile *p, const struct options *opt,
		   const struct columns *c, const struct table *t);
void report_totals(FILE *out, const struct columns *c, const struct table *t);
void report_functions(FILE *out, const struct profile *p, const struct options *opt,
		      const struct columns *c, const struct table *t);

/* F's "file:function" as the listings print it: with --name-width, the
 * function's name shortened (see fmt-name.h). */
void report_print_name(FILE *out, const struct columns *c, const struct func *f);

/* The 80-dash rule that separates sections. */
void report_rule(FILE *out);

/* Sort edges or call sites by cost on the sort events, ties by name. */
struct call_row {
	const cost_t *cost;        /* what the row prints */
	const cost_t *sort_cost;   /* what it sorts by */
	const struct func *other;  /* the caller or callee named */
	cost_t count;
};
void report_sort_calls(struct call_row *rows, size_t n, const struct columns *c);

/* The rows of F's callers (CALLERS) or callees, or for a cycle's row
 * those of the cycle as a whole (the calls entering and leaving it, one
 * row per function outside), in no order; their costs in *COSTS.  The
 * caller frees both. */
struct call_row *report_call_rows(const struct profile *p, const struct func *f, bool callers,
				  size_t *n, cost_t **costs);

/* The rows of the "=> callee" lines of the line (or instruction) E, in
 * their order; their costs in *COSTS.  The caller frees both. */
struct call_row *report_line_calls(const struct profile *p, const struct columns *c,
				   const struct line_entry *e, size_t *n, cost_t **costs);

/* "=> callee (Nx)" for the calls the first caller of the line (or
 * instruction) E makes from it, ordered by that caller's whole call cost to
 * each callee, with widths W. */
void report_call_lines(FILE *out, const struct profile *p, const struct columns *c,
		       const size_t *w, const struct line_entry *e);
/* Widen W for the costs of the "=> callee" lines of E (E may be NULL). */
void report_widen_call_lines(const struct profile *p, const struct columns *c, size_t *w,
			     const struct line_entry *e);

#endif
