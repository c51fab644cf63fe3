/* Reports on an aprof model: the routine table, per-routine detail with a
 * plot, the calling-context tree, and the JSON document. */
#ifndef CGA_REPORT_APROF_H
#define CGA_REPORT_APROF_H

#include <stdio.h>

#include "read-aprof.h"
#include "options.h"

enum aprof_sort {
	APROF_SORT_SELF,
	APROF_SORT_CUMULATIVE,
	APROF_SORT_CALLS,
	APROF_SORT_INPUTS,
};

/* The routines in report order and how many of them pass the threshold. */
struct aprof_table {
	enum aprof_sort sort;
	bool sort_fallback;          /* self asked for, but the report has no self costs */
	const char *threshold;       /* text, as given */
	double threshold_value;
	struct aprof_routine **rows; /* every routine, sorted */
	size_t nrows, nshown;
};

/* Sort and threshold A's routines as OPT asks (--sort, --threshold); dies
 * with EXIT_USAGE on a sort key that is not self, cumulative, calls or
 * inputs. */
void aprof_table_build(struct aprof_table *t, const struct aprof *a, const struct options *opt);
void aprof_table_release(struct aprof_table *t);

/* The routines that OPT's --routine values name, in their order; dies with
 * EXIT_USAGE when one names none or, by substring, several. */
struct aprof_routine **aprof_select(const struct aprof *a, const struct options *opt, size_t *n);

void aprof_print_header(FILE *out, const struct aprof *a, const struct aprof_table *t);
void aprof_print_table(FILE *out, const struct aprof *a, const struct options *opt,
		       const struct aprof_table *t);
void aprof_print_routine(FILE *out, const struct aprof *a, const struct options *opt,
			 const struct aprof_routine *r);
/* The calling-context tree, leaving out contexts whose cumulative cost is
 * below (100 - threshold)% of the total. */
void aprof_print_tree(FILE *out, const struct aprof *a, const struct options *opt,
		      const struct aprof_table *t);
/* The JSON document: all routines in table order (only SEL when NSEL > 0). */
void aprof_print_json(FILE *out, const struct aprof *a, const struct options *opt,
		      const struct aprof_table *t, struct aprof_routine *const *sel, size_t nsel);
/* Its keys into the object J has begun (the HTML report's data). */
struct json;
void aprof_write_json(struct json *j, const struct aprof *a, const struct options *opt,
		      const struct aprof_table *t, struct aprof_routine *const *sel, size_t nsel);

#endif
