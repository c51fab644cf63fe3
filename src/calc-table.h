/* The function table's content: program totals, rows sorted by the sort
 * events, and how many rows the threshold lets through. */
#ifndef CGA_CALC_TABLE_H
#define CGA_CALC_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "calc-percall.h"
#include "model-cost.h"
#include "options.h"
#include "model-profile.h"

struct table {
	cost_t *summary;           /* PROGRAM TOTALS, nevents long */
	cost_t *base;              /* what percentages are of: the summary, or in a
				      diff the OLD profile's totals */
	size_t summary_len;        /* counts given (the reference's array length) */
	bool calculated;           /* no summary:/totals:, summed from the rows */
	const char **thresholds;   /* texts, one per sort event, as printed */
	double *threshold_values;
	bool filter;               /* false when the single threshold is >= 100 */
	bool diff;                 /* the rows are changes, sorted and cut by their size:
				      a diff, or a profile of differences (cg_diff's) */
	struct func **rows;        /* sorted; in the text report only the shown
				      ones, the others after them in no order */
	size_t nrows;
	size_t nshown;             /* rows before the threshold cut */
	const char **files;        /* files of the shown rows, by first appearance */
	size_t nfiles;
	struct percall *per_call;  /* with --per-call: the rows' costs per call; else NULL */
};

/* Compute P's table for OPT, with sort events SORT (event indices), by
 * their costs or (opt->sort[k].per_call) costs per call, with which the
 * threshold cuts nothing.  Sets every row's total (see inclusive.h). */
void table_build(struct table *t, struct profile *p, const struct options *opt,
		 const size_t *sort, size_t nsort);
/* The same rows, totals and kind (a diff or not), in no order and with
 * no threshold walked: for views that choose and order rows their own
 * way (the call graph). */
void table_rows(struct table *t, struct profile *p, const struct options *opt,
		const size_t *sort, size_t nsort);
void table_release(struct table *t);

/* PROGRAM TOTALS of EVENT without a table: the selected parts' summary:
 * or totals: lines, else their self costs, which --focus and --hide leave
 * as they are; absent when no part has a count of EVENT.  For a profile
 * that is not a diff (whose OLD parts would count negated). */
cost_t table_program_total(const struct profile *p, size_t event);

/* The part of a "file:function" name callgrind_annotate takes as the file:
 * up to the first ':' that has something after it.  Returns its length. */
size_t table_file_part(const char *fullname);

#endif
