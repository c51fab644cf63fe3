#include "pipeline.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calc-asm.h"
#include "calc-cycles.h"
#include "calc-inclusive.h"
#include "diag.h"
#include "pipeline-apart.h"
#include "pipeline-flame.h"
#include "pipeline-pprof.h"
#include "pipeline-run.h"
#include "read-aprof.h"
#include "read-callgrind.h"
#include "report-aprof.h"
#include "report-gate.h"
#include "report-html.h"
#include "xalloc.h"

/* Whether some function's own cost of EVENT is negative (a profile of
 * differences): no stack can hold it. */
static bool negative_self(const struct profile *p, size_t event)
{
	for (size_t i = 0; i < p->nfuncs; i++) {
		const cost_t *self = p->func_list[i]->self;

		if (self != NULL && self[event] != COST_ABSENT && self[event] < 0)
			return true;
	}
	return false;
}

/* The events whose stacks RUN's report with NEEDS takes: pprof's (the
 * shown ones and the primary one), and those of its estimates (the primary
 * one, the shown ones, or every one).  A new array of *N. */
static size_t *set_events(const struct run *run, unsigned needs, size_t *n)
{
	const struct columns *c = &run->cols;
	size_t nevents = run->p.nevents, *events;
	bool *want = xcalloc(nevents + 1, sizeof(*want));

	want[c->primary] = true;
	for (size_t i = 0; i < c->nshow; i++)
		want[c->show[i]] |= (needs & (NEED_EVENT_STACKS | NEED_SHOWN_ESTIMATES)) != 0;
	for (size_t k = 0; k < nevents; k++)
		want[k] |= (needs & NEED_ALL_ESTIMATES) != 0;
	events = xcalloc(nevents + 1, sizeof(*events));
	*n = 0;
	for (size_t k = 0; k < nevents; k++)
		if (want[k])
			events[(*n)++] = k;
	free(want);
	return events;
}

/* The stacks of RUN replaced by those of its groups, frames of one group
 * in a row merged. */
static void group_stacks(struct run *run)
{
	struct stacks grouped = { NULL, 0, NULL };

	run->groups = grouping_new(&run->p, run->opt->group_by);
	grouping_build(run->groups, &run->p, false);
	if (run->have_stacks) {
		grouping_stacks(run->groups, &run->stacks, &grouped);
		stacks_release(&run->stacks);
		run->stacks = grouped;
	}
}

/* RUN's flame tree: its stacks with the frames of one group of GR in a
 * row merged. */
static void flame_of_groups(struct run *run, struct grouping *gr)
{
	struct stacks grouped = { NULL, 0, NULL };

	grouping_stacks(gr, &run->stacks, &grouped);
	flame_of(&run->fl, &grouped, grouping_model(gr), run->cols.primary);
	stacks_release(&grouped);
	run->have_flame = true;
}

/* The model RUN's report needs: stacks, cycles, a diff's or focus's
 * figures, estimates. */
static void compute(struct run *run, unsigned needs)
{
	const struct options *opt = run->opt;
	struct profile *p = &run->p;
	size_t primary = run->cols.primary;
	/* A flame graph of groups is drawn from the groups' stacks, made once
	 * the functions' stacks gave their estimates. */
	bool flame_later = (needs & NEED_GROUPS) && (needs & NEED_CYCLES);

	/* The one estimate of the stacks, for every view that needs them;
	 * focus is taken from them, and they refuse negative costs. */
	if (needs & NEED_STACKS) {
		stacks_estimate(&run->stacks, p, primary);
		run->have_stacks = true;
	}
	if ((needs & NEED_EVENT_STACKS) || ((needs & NEED_ESTIMATES) && opt->mode != MODE_DIFF)) {
		size_t n, *events = set_events(run, needs, &n);

		stackset_start(&run->set, p, events, n, &run->stacks, primary);
		run->have_set = true;
		free(events);
	}
	/* Stacks alone (folded, flame graphs): of the groups, if asked. */
	if ((needs & NEED_GROUPS) && !(needs & NEED_CYCLES))
		group_stacks(run);
	/* Flame frames name functions by their place in the model, which
	 * focus_apply changes. */
	if ((needs & NEED_FLAME) && !flame_later) {
		flame_of(&run->fl, &run->stacks, p, primary);
		run->have_flame = true;
	}
	if (!(needs & NEED_CYCLES))
		return;
	cycles_mark(p, primary);
	if (opt->mode == MODE_DIFF) {
		run->have_flame = diff_apart(p, &run->r, run->focus, primary,
					     opt->format == FORMAT_HTML ? &run->fl : NULL,
					     needs & NEED_ALL_ESTIMATES ? ESTIMATES_ALL :
					     needs & NEED_ESTIMATES ? ESTIMATES_PRIMARY : 0);
	} else {
		if (p->focused) {
			/* The stacks are of the model before focus: a flame
			 * graph of groups groups them by its functions. */
			if (flame_later && (needs & NEED_FLAME)) {
				struct grouping *before = grouping_new(p, opt->group_by);

				grouping_build(before, p, false);
				flame_of_groups(run, before);
				grouping_free(before);
			}
			focus_apply(p, &run->stacks, primary);
			cycles_mark(p, primary);
		}
		/* The model changes no more: the inclusive costs are computed
		 * once, here, for every view that shows them, and a view of
		 * them says where one is below a self cost. */
		if (opt->format != FORMAT_TEXT || opt->inclusive) {
			if (!p->fixed_totals)
				inclusive_fix(p);
			inclusive_check(p);
		}
	}
	/* Groups are of the functions the model has now; their estimates come
	 * from the functions' stacks, event by event. */
	if (needs & NEED_GROUPS)
		run->groups = grouping_new(p, opt->group_by);
	if ((needs & NEED_ESTIMATES) && opt->mode != MODE_DIFF) {
		struct estimate_also also = { grouping_add_stacks, run->groups };

		estimate_compute_also(p, &run->set, run->groups != NULL ? &also : NULL);
	}
	if ((needs & NEED_CALLS) && opt->mode != MODE_DIFF)
		p->call_estimates = run->calls = estimate_calls(p, &run->stacks);
	if (run->groups != NULL) {
		/* A text table of self costs shows no inclusive cost. */
		bool figures = opt->format != FORMAT_TEXT || opt->inclusive || opt->per_call;

		grouping_build(run->groups, p, figures);
		if (figures && opt->mode == MODE_DIFF)
			diff_group_bounds(run->groups, p, &run->r, run->focus, primary);
		p->grouping = run->groups;
	}
	if (flame_later && (needs & NEED_FLAME) && run->have_stacks && !run->have_flame)
		flame_of_groups(run, run->groups);
}

int pipeline_callgrind(const struct options *opt, struct input *in,
		       const char *strip_prefix, FILE *out)
{
	struct run run = { .opt = opt };
	struct profile *p = &run.p;
	const struct report_kind *kind = report_kind_of(opt->format);
	int status;

	reading_init(&run.r, opt, strip_prefix, kind->needs & NEED_FUNC_LINES);
	run.focus = focus_new(opt);
	if (kind->ready != NULL)
		kind->ready(opt);
	if (opt->format == FORMAT_PPROF && isatty(fileno(out)))
		usage_error("--format=pprof writes gzip-compressed data, which a terminal does not "
			    "show: redirect standard output to a file or a pipe");
	/* Before the report, which may show them. */
	if (opt->ngates > 0)
		judge_gates(&run.gates, &run.r, run.focus);
	if (opt->format == FORMAT_FLAMEGRAPH && opt->mode == MODE_DIFF) {
		print_flame_diff(out, &run.r, in, run.focus);
		goto done;
	}
	if (opt->format == FORMAT_PPROF && opt->mode == MODE_DIFF) {
		print_pprof_diff(out, &run.r, in, run.focus);
		goto done;
	}
	if (opt->mode == MODE_COMPARE) {
		print_comparison(out, &run.r, in, run.focus);
		goto done;
	}
	prepare_profile(p, &run.r, opt->profile, kind->needs & NEED_LINES);
	if (p->keep_instr && !objdump_available(asm_objdump_program()))
		die(EXIT_INPUT, "--asm needs objdump (GNU binutils), and '%s' cannot be run; "
		    "install binutils or set OBJDUMP to the objdump to use", asm_objdump_program());
	callgrind_read(p, in);
	read_more(p, opt);
	if (p->keep_instr && p->instr_missing)
		die(EXIT_INPUT, "%s: the profile has no instruction addresses for --asm; record it with "
		    "valgrind --tool=callgrind --dump-instr=yes (and --collect-jumps=yes for jumps)",
		    p->path);

	columns_init(&run.cols, p, opt);
	focus_hide(run.focus, p, true);
	focus_mark(run.focus, p, true);
	run.needs = report_needs(kind, opt, p->focused, negative_self(p, run.cols.primary));
	compute(&run, run.needs);
	kind->write(&run, out);
	if (run.have_set)
		stackset_release(&run.set);
	if (run.have_flame)
		flame_release(&run.fl);
	call_estimates_free(run.calls);
	grouping_free(run.groups);
	stacks_release(&run.stacks);
	columns_release(&run.cols);
	profile_release(p);
done:
	status = report_gates(&run.gates, opt->min_change);
	gates_release(&run.gates);
	focus_free(run.focus);
	reading_release(&run.r);
	return status;
}

void pipeline_aprof(const struct options *opt, struct input *in, FILE *out)
{
	struct aprof a;
	struct aprof_table table;
	struct aprof_routine **sel;
	size_t nsel;

	if (opt->format == FORMAT_TUI)
		usage_error("%s: -i applies to Callgrind and Cachegrind profiles, not to aprof "
		    "reports", opt->profile);
	if (opt->format == FORMAT_FOLDED || opt->format == FORMAT_DOT ||
	    opt->format == FORMAT_FLAMEGRAPH || opt->format == FORMAT_PPROF)
		usage_error("%s: --format=%s applies to Callgrind and Cachegrind "
		    "profiles, not to aprof reports", opt->profile,
		    opt->format == FORMAT_DOT ? "dot" :
		    opt->format == FORMAT_FOLDED ? "folded" :
		    opt->format == FORMAT_PPROF ? "pprof" : "flamegraph");
	if (opt->group_by != GROUP_FUNCTION || opt->per_call)
		usage_error("%s: --%s applies to Callgrind and Cachegrind profiles, not to aprof "
		    "reports", opt->profile, opt->per_call ? "per-call" : "group-by");
	aprof_init(&a, opt->profile);
	aprof_read(&a, in);
	aprof_table_build(&table, &a, opt);
	sel = aprof_select(&a, opt, &nsel);
	if (opt->format == FORMAT_JSON) {
		aprof_print_json(out, &a, opt, &table, sel, nsel);
	} else if (opt->format == FORMAT_HTML) {
		report_html_aprof(out, &a, opt, &table, sel, nsel);
	} else {
		aprof_print_header(out, &a, &table);
		if (nsel == 0)
			aprof_print_table(out, &a, opt, &table);
		for (size_t i = 0; i < nsel; i++)
			aprof_print_routine(out, &a, opt, sel[i]);
		if (opt->tree_calling)
			aprof_print_tree(out, &a, opt, &table);
	}
	/* Last, so that it is not lost above the report. */
	if (a.skipped > 0)
		warn("%s: %zu malformed line%s skipped", a.path, a.skipped,
		     a.skipped == 1 ? "" : "s");
	free(sel);
	aprof_table_release(&table);
	aprof_release(&a);
}
