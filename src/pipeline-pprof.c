#include "pipeline-pprof.h"

#include <stdint.h>
#include <stdlib.h>

#include "calc-samples.h"
#include "calc-table.h"
#include "report-pprof.h"
#include "xalloc.h"

/* The events of a pprof profile's samples: the shown ones, and the primary
 * one if it is not shown.  A new array of N. */
static size_t *pprof_events(const struct columns *cols, size_t *n)
{
	size_t *ev = xcalloc(cols->nshow + 1, sizeof(*ev));
	bool primary = false;

	for (size_t k = 0; k < cols->nshow; k++) {
		ev[k] = cols->show[k];
		primary |= ev[k] == cols->primary;
	}
	*n = cols->nshow;
	if (!primary)
		ev[(*n)++] = cols->primary;
	return ev;
}

/* Add the stacks SET holds of the N EVENTS of P to S as the values of side
 * SIDE; unless focused, also what P's totals count outside its functions.
 * Returns whether there was any of that. */
static bool add_side(struct samples *s, const struct profile *p, struct stackset *set,
		     const size_t *events, size_t n, size_t side)
{
	struct sample_src *src = samples_src_new(s, p, stackset_wait(set, events[0])->node);
	bool rest = false;

	for (size_t k = 0; k < n; k++) {
		const struct stacks *st = stackset_wait(set, events[k]);
		cost_t total = table_program_total(p, events[k]), sum = 0;

		samples_add(s, src, st, events[k], side * n + k);
		if (p->focused || total == COST_ABSENT)
			continue;
		for (size_t f = 0; f < st->n; f++)
			sum += st->frames[f].count;
		if (total - sum != 0 && total - sum >= INT64_MIN && total - sum <= INT64_MAX) {
			samples_add_rest(s, side * n + k, (int64_t)(total - sum));
			rest = true;
		}
	}
	samples_src_free(src);
	return rest;
}

/* The pprof profile of S (made of the N EVENTS of NEW, and in a diff of
 * OLD), with its comments. */
static void print_pprof(FILE *out, const struct samples *s, const struct options *opt,
			const size_t *events, size_t n, size_t primary, const struct profile *old,
			const struct profile *new, bool rest)
{
	const char **names = xcalloc(n + 1, sizeof(*names));
	size_t ncomments;
	char **comments = pprof_comments(old, new, opt, rest, &ncomments);
	char *program = pprof_program(new);
	struct pprof_meta m = { names, n, 0, old != NULL, (const char *const *)comments, ncomments,
				program };

	for (size_t k = 0; k < n; k++) {
		names[k] = new->events[events[k]].name;
		if (events[k] == primary)
			m.primary = k;
	}
	report_pprof(out, s, &m);
	for (size_t i = 0; i < ncomments; i++)
		free(comments[i]);
	free(comments);
	free(program);
	free(names);
}

void print_pprof_of(FILE *out, const struct profile *p, struct stackset *set,
		    const struct columns *cols, const struct options *opt)
{
	struct samples s;
	size_t n, *events = pprof_events(cols, &n);
	bool rest;

	samples_init(&s, n);
	rest = add_side(&s, p, set, events, n, 0);
	print_pprof(out, &s, opt, events, n, cols->primary, NULL, p, rest);
	samples_release(&s);
	free(events);
}

void print_pprof_diff(FILE *out, const struct reading *r, struct input *in, struct focus *focus)
{
	struct profile side[2];
	struct stackset set[2];
	struct columns cols;
	struct samples s;
	size_t n, *events;
	bool rest = false;

	read_sides(side, r, in, false);
	columns_init(&cols, &side[1], r->opt);
	events = pprof_events(&cols, &n);
	samples_init(&s, 2 * n);
	for (int k = 0; k < 2; k++) {
		focus_hide(focus, &side[k], false);
		focus_mark(focus, &side[k], false);
		stackset_start(&set[k], &side[k], events, n, NULL, 0);
		rest |= add_side(&s, &side[k], &set[k], events, n, (size_t)k);
	}
	print_pprof(out, &s, r->opt, events, n, cols.primary, &side[0], &side[1], rest);
	samples_release(&s);
	for (int k = 0; k < 2; k++) {
		stackset_release(&set[k]);
		profile_release(&side[k]);
	}
	free(events);
	columns_release(&cols);
}
