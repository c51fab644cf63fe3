/* N runs side by side (--compare): the functions of several profiles of
 * one program in one table, each figure against that of the reference
 * profile, largest change first. */
#ifndef CGA_CALC_COMPARE_H
#define CGA_CALC_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "model-profile.h"
#include "options.h"

/* A function (file and name) and its figures in each profile. */
struct compare_row {
	const char *file, *name, *object;   /* from the first profile that has it */
	const char *fullname;
	const cost_t **v;          /* by profile: its figures (nevents), or NULL */
	cost_t change;             /* the largest change of the primary event against the
				      reference, in size */
};

struct comparison {
	const struct profile *const *p;   /* the profiles, figures computed */
	size_t n;
	size_t base;               /* the reference, an index into P */
	size_t primary;            /* the event rows are sorted by */
	cost_t **totals;           /* by profile: its program totals */
	struct compare_row *rows;  /* largest change first, then by the reference's
				      figure and by name */
	size_t nrows;
	size_t nshown;             /* rows before OPT's threshold: changes in size
				      until they make that share of all changes */
};

/* Compare the N profiles P (each with its f->total set as the table shows
 * it, events the same) against P[BASE], sorted by event PRIMARY. */
void compare_build(struct comparison *cmp, const struct profile *const *p, size_t n,
		   size_t base, size_t primary, const struct options *opt);
void compare_release(struct comparison *cmp);

/* The figure X of profile J in ROW (0 where it has none). */
cost_t compare_value(const struct compare_row *row, size_t j, size_t event);

#endif
