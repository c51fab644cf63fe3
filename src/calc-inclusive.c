#include "calc-inclusive.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-num.h"
#include "xalloc.h"

static cost_t *copy_or_absent(struct profile *p, const cost_t *v)
{
	cost_t *c = cost_new(&p->arena, p->nevents);

	if (v != NULL)
		memcpy(c, v, p->nevents * sizeof(*c));
	return c;
}

/* TOTAL += V; a total no input line is to blame for, hence no line number. */
static void add_to_total(const struct profile *p, const struct func *f, cost_t *total,
			 const cost_t *v)
{
	if (!cost_add(total, v, p->nevents))
		die(EXIT_INPUT, "%s: the inclusive cost of %s does not fit in 64 bits",
		    p->path, f->fullname);
}

/* The greater of A and B for each event; absent where both are. */
static void take_larger(cost_t *a, const cost_t *b, size_t n)
{
	for (size_t e = 0; e < n; e++)
		if (b[e] != COST_ABSENT && (a[e] == COST_ABSENT || b[e] > a[e]))
			a[e] = b[e];
}

/* F is recursive.  Its recorded calls count the nested calls again at each
 * level, but two sums are lower bounds of the cost spent while it is on
 * the stack: its own cost plus its calls out of its component (whatever it
 * calls there runs beneath it), and the calls made to it from outside its
 * component (no such caller can run beneath it).  Its inclusive cost is
 * the greater.  In a difference of profiles, where neither bounds anything,
 * it is the first: the pipeline takes OLD's and NEW's apart instead
 * (inclusive_fix), unless a side is standard input. */
static void recursive_total(struct profile *p, struct func *f, cost_t *cost)
{
	cost_t *in;

	f->total = copy_or_absent(p, f->self);
	for (const struct edge *e = f->out; e; e = e->next_out)
		if (e->key.callee->scc != f->scc)
			add_to_total(p, f, f->total, edge_cost(p, e, cost));
	if (profile_is_diff(p))
		return;
	in = cost_new(&p->arena, p->nevents);

	for (const struct edge *e = f->in; e; e = e->next_in)
		if (e->key.caller->scc != f->scc)
			add_to_total(p, f, in, edge_cost(p, e, cost));
	take_larger(f->total, in, p->nevents);
}

static void inclusive_totals(struct profile *p)
{
	cost_t *cost = xmalloc(p->nevents * sizeof(*cost));

	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		if (!f->listed && f->called == NULL)
			continue;
		if (f->recursive) {
			recursive_total(p, f, cost);
		} else if (f->called != NULL) {
			f->total = f->called;
		} else {
			f->total = copy_or_absent(p, f->self);
			if (f->outgoing != NULL)
				add_to_total(p, f, f->total, f->outgoing);
		}
	}
	free(cost);
}

void inclusive_fix(struct profile *p)
{
	size_t n;

	free(inclusive_compute(p, true, &n));
	for (size_t i = 0; i < p->nfuncs; i++)
		p->func_list[i]->fixed_total = p->func_list[i]->total;
	p->fixed_totals = true;
}

struct func **inclusive_compute(struct profile *p, bool inclusive, size_t *nrows)
{
	struct func **rows = xmalloc((p->nfuncs + p->ncycles + 1) * sizeof(*rows));
	size_t n = 0;

	if (inclusive && !p->fixed_totals)
		inclusive_totals(p);
	for (size_t k = 0; inclusive && k < p->ncycles; k++)
		p->cycles[k].row->total = p->cycles[k].inclusive;
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		if (!inclusive)
			f->total = f->listed ? f->self : NULL;
		else if (p->fixed_totals)
			f->total = f->fixed_total;
		if (f->total != NULL)
			rows[n++] = f;
	}
	for (size_t k = 0; inclusive && k < p->ncycles; k++)
		rows[n++] = p->cycles[k].row;
	*nrows = n;
	return rows;
}

/* The function whose inclusive cost is furthest below its self cost, for
 * the first event where one is, and how many functions have one below for
 * some event. */
struct below {
	const struct func *worst;
	size_t event;
	cost_t by;
	size_t count;
};

static void find_below(const struct profile *p, struct func *const *rows, size_t n,
		       struct below *b)
{
	*b = (struct below){ NULL, 0, 0, 0 };
	for (size_t i = 0; i < n; i++) {
		const struct func *f = rows[i];
		bool counted = false;

		if (f->whole != NULL || f->self == NULL)
			continue;
		for (size_t k = 0; k < p->nevents; k++) {
			cost_t self = f->self[k], total = f->total[k];

			if (self == COST_ABSENT || (total != COST_ABSENT && total >= self))
				continue;
			if (total == COST_ABSENT)
				total = 0;
			if (!counted)
				b->count++;
			counted = true;
			if (b->worst == NULL || k < b->event ||
			    (k == b->event && (self - total > b->by ||
					       (self - total == b->by &&
						strcmp(f->fullname, b->worst->fullname) < 0)))) {
				b->worst = f;
				b->event = k;
				b->by = self - total;
			}
		}
	}
}

void inclusive_check(struct profile *p)
{
	size_t n;
	struct func **rows;
	struct below b;
	char total[NUMFMT_COUNT_MAX], self[NUMFMT_COUNT_MAX];
	const char *path;

	if (profile_is_diff(p) || p->focused)
		return;
	rows = inclusive_compute(p, true, &n);
	find_below(p, rows, n, &b);
	free(rows);
	if (b.count == 0)
		return;
	numfmt_count(self, b.worst->self[b.event]);
	numfmt_count(total, b.worst->self[b.event] - b.by);
	/* Several profiles summed: no one file to name. */
	path = p->npaths > 1 ? NULL : p->path;
	if (b.count == 1)
		warn_into_at(&p->warnings, path, 0, "%s spends more itself than the calls into it "
			     "cost (%s %s of its own, %s in its calls): its inclusive cost is below its "
			     "self cost; the profile disagrees with itself (as for a thread's start "
			     "routine, or a profile cut short)",
			     b.worst->fullname, p->events[b.event].name, self, total);
	else
		warn_into_at(&p->warnings, path, 0, "%zu functions spend more themselves than "
			     "the calls into them cost (the most, %s: %s %s of its own, %s in its "
			     "calls): their inclusive costs are below their self costs; the profile "
			     "disagrees with itself (as for a thread's start routine, or a profile cut "
			     "short)", b.count, b.worst->fullname,
			     p->events[b.event].name, self, total);
}
