#include "pipeline-apart.h"

#include <stdlib.h>
#include <string.h>

#include "calc-compare.h"
#include "calc-cycles.h"
#include "calc-estimate.h"
#include "calc-inclusive.h"
#include "calc-stacks.h"
#include "calc-table.h"
#include "diag.h"
#include "read-callgrind.h"
#include "report-columns.h"
#include "report-compare.h"
#include "xalloc.h"

/* Add the stacks S of profile P to side SIDE of FL: with BY, its groups'. */
static void flame_side(struct flame *fl, const struct stacks *s, struct profile *p, int side,
		       enum group_by by)
{
	struct grouping *gr;
	struct stacks grouped;

	if (by == GROUP_FUNCTION) {
		flame_add(fl, s, side);
		return;
	}
	gr = grouping_new(p, by);
	grouping_build(gr, p, false);
	grouping_stacks(gr, s, &grouped);
	flame_add(fl, &grouped, side);
	stacks_release(&grouped);
	grouping_free(gr);
}

void apart(struct profile side[2], struct focus *focus, size_t event,
	   const struct apart_needs *n)
{
	cost_t whole[2];

	if (n->fl != NULL)
		flame_init(n->fl, true);
	for (int k = 0; k < 2; k++) {
		whole[k] = table_program_total(&side[k], event);
		focus_hide(focus, &side[k], false);
		focus_mark(focus, &side[k], false);
		if (n->focused || n->inclusive || n->cycles)
			cycles_mark(&side[k], event);
		if (n->fl != NULL || n->focused) {
			struct stacks s;

			stacks_estimate(&s, &side[k], event);
			if (n->fl != NULL)
				flame_side(n->fl, &s, &side[k], k, n->by);
			if (n->focused)
				focus_apply(&side[k], &s, event);
			stacks_release(&s);
		}
		/* An estimate falls back on the inclusive cost (estimate_of). */
		if (n->inclusive || n->estimates)
			inclusive_fix(&side[k]);
		if (n->estimates)
			estimate_events(&side[k], event, n->all_events);
	}
	if (n->fl != NULL) {
		flame_finish(n->fl);
		for (int k = 2; k-- > 0;) {
			flame_share_of(n->fl, k, whole[k]);
			flame_describe(n->fl, &side[k], event, false);
		}
	}
}

static bool any_recursive(const struct profile *p)
{
	for (size_t i = 0; i < p->nfuncs; i++)
		if (p->func_list[i]->recursive)
			return true;
	return false;
}

bool diff_apart(struct profile *p, const struct reading *r, struct focus *focus,
		size_t event, struct flame *fl, unsigned estimates)
{
	const struct options *opt = r->opt;
	/* Where cycles show: <cycle N> rows, JSON, the call graph, the page. */
	bool shown = opt->inclusive || opt->format != FORMAT_TEXT;
	struct apart_needs n = {
		fl, p->focused, !p->focused && shown && any_recursive(p), shown && p->ncycles > 0,
		estimates != 0 && !p->focused, estimates == ESTIMATES_ALL, opt->group_by,
	};
	struct profile side[2];

	if (!n.focused && !n.inclusive && !n.cycles && !n.estimates && fl == NULL)
		return false;
	if (!read_sides(side, r, NULL, true)) {
		if (p->focused)
			usage_error("--focus with --diff reads OLD and NEW again, each on its own, "
			    "and standard input cannot be read twice: name files");
		if (n.inclusive)
			warn_into(&p->warnings, "the inclusive costs of recursive functions in a diff "
				  "of standard input are the changes of their own costs and calls out "
				  "of their cycles only; name files");
		return false;
	}
	apart(side, focus, event, &n);
	if (n.focused || n.inclusive)
		focus_subtract(p, &side[0], &side[1]);
	if (n.focused)
		cycles_mark(p, event);
	if (n.cycles || n.focused)
		cycles_number_as(p, &side[1]);
	if (n.estimates)
		estimate_subtract(p, &side[0], &side[1]);
	for (int k = 0; k < 2; k++)
		profile_release(&side[k]);
	return fl != NULL;
}

void diff_group_bounds(struct grouping *groups, struct profile *p, const struct reading *r,
		       struct focus *focus, size_t event)
{
	struct profile side[2];
	struct grouping *gr[2];

	if (!grouping_has_bounds(groups) || p->focused)
		return;
	if (!read_sides(side, r, NULL, true)) {
		warn_into(&p->warnings, "the inclusive costs of groups that are no sums, in a "
			  "diff of standard input, are not shown; name files");
		return;
	}
	for (int k = 0; k < 2; k++) {
		focus_hide(focus, &side[k], false);
		cycles_mark(&side[k], event);
		gr[k] = grouping_new_like(&side[k], groups, p);
		grouping_build(gr[k], &side[k], true);
	}
	grouping_subtract(groups, gr[0], gr[1]);
	for (int k = 0; k < 2; k++) {
		grouping_free(gr[k]);
		profile_release(&side[k]);
	}
}

void judge_gates(struct gates *g, const struct reading *r, struct focus *focus)
{
	struct profile side[2];
	struct columns cols;

	if (!read_sides(side, r, NULL, true))
		usage_error("--fail-above reads OLD and NEW again, each on its own, and standard "
			    "input cannot be read twice: name files");
	struct apart_needs n = { NULL, r->opt->nfocus > 0, true, false, false, false,
				 GROUP_FUNCTION };

	columns_init(&cols, &side[1], r->opt);
	apart(side, focus, cols.primary, &n);
	for (int k = 0; k < 2; k++)
		if (!side[k].focused && gates_need_estimates(r->opt, &side[k]))
			estimate_events(&side[k], cols.primary, false);
	gates_judge(g, r->opt, &side[0], &side[1], cols.primary);
	columns_release(&cols);
	for (int k = 0; k < 2; k++)
		profile_release(&side[k]);
}

void print_comparison(FILE *out, const struct reading *r, struct input *in,
		      struct focus *focus)
{
	const struct options *opt = r->opt;
	size_t n = opt->nprofiles, nrows;
	struct profile *p = xcalloc(n, sizeof(*p));
	const struct profile **all = xcalloc(n, sizeof(*all));
	struct comparison cmp;
	struct columns cols;

	for (size_t j = 0; j < n; j++) {
		prepare_profile(&p[j], r, opt->profiles[j], false);
		p[j].negate = false;
		if (j == 0) {
			callgrind_read(&p[j], in);
		} else {
			read_another(&p[j], opt->profiles[j], "--compare applies");
			check_same_events(&p[0], &p[j]);
		}
		all[j] = &p[j];
	}
	columns_init(&cols, &p[0], opt);
	for (size_t j = 0; j < n; j++) {
		focus_hide(focus, &p[j], j == 0);
		cycles_mark(&p[j], cols.primary);
		free(inclusive_compute(&p[j], opt->inclusive, &nrows));
	}
	compare_build(&cmp, all, n, opt->compare_base, cols.primary, opt);
	report_compare(out, &cmp, opt, &cols);
	compare_release(&cmp);
	columns_release(&cols);
	for (size_t j = 0; j < n; j++)
		profile_release(&p[j]);
	free(all);
	free(p);
}
