#include "pipeline.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "calc-asm.h"
#include "calc-cycles.h"
#include "calc-estimate.h"
#include "calc-flame.h"
#include "calc-focus.h"
#include "calc-group.h"
#include "calc-inclusive.h"
#include "calc-stacks.h"
#include "calc-table.h"
#include "cpus.h"
#include "diag.h"
#include "model-profile.h"
#include "model-rename.h"
#include "read-aprof.h"
#include "read-callgrind.h"
#include "read-detect.h"
#include "report-annotate.h"
#include "report-aprof.h"
#include "report-asm.h"
#include "report-columns.h"
#include "report-dot.h"
#include "report-flame.h"
#include "report-folded.h"
#include "report-html.h"
#include "report-json.h"
#include "report-text.h"
#include "xalloc.h"

/* The event names --show and --sort mention: the reader computes those
 * that are derived events.  A new array of borrowed strings. */
static char **wanted_events(const struct options *opt, size_t *n)
{
	char **names = xcalloc(opt->nshow + opt->nsort + 1, sizeof(*names));

	*n = 0;
	for (size_t i = 0; i < opt->nshow; i++)
		names[(*n)++] = opt->show[i];
	for (size_t i = 0; i < opt->nsort; i++)
		names[(*n)++] = opt->sort[i].event;
	return names;
}

/* Read the profiles after the first one into P: summed, or in a diff the
 * first one (OLD, already read, negated) and the second (NEW). */
static void read_more(struct profile *p, const struct options *opt)
{
	for (size_t i = 1; i < opt->nprofiles; i++) {
		struct input in;

		input_open(&in, opt->profiles[i]);
		if (detect_kind(&in) != KIND_CALLGRIND)
			usage_error("%s: --merge and --diff apply to Callgrind and "
			    "Cachegrind profiles, not to aprof reports", opt->profiles[i]);
		p->negate = false;
		callgrind_read(p, &in);
		input_close(&in);
	}
}

/* The text report; with --asm, the machine code (objdump runs before
 * anything is printed). */
static void print_table_report(FILE *out, struct profile *p, const struct options *opt,
			       struct columns *cols)
{
	struct table table;
	struct asm_view code;

	table_build(&table, p, opt, cols->sort, cols->nsort);
	cols->summary = table.base;
	cols->changes = table.diff;
	if (p->keep_instr)
		asm_build(&code, p, opt, table.rows, table.nrows, table.nshown, (size_t)opt->context);
	report_header(out, p, opt, cols, &table);
	report_totals(out, cols, &table);
	report_functions(out, p, opt, cols, &table);
	annotate_sources(out, p, opt, cols, &table);
	if (p->keep_instr) {
		report_asm(out, p, opt, cols, &code);
		asm_release(&code);
	}
	table_release(&table);
}

/* JSON: every function, with the true totals, not the inclusive mode's
 * calculated ones. */
static void print_json(FILE *out, struct profile *p, const struct options *opt,
		       const struct columns *cols)
{
	struct table table;
	struct asm_view code;
	struct options self = *opt;

	self.inclusive = false;
	table_build(&table, p, &self, cols->sort, cols->nsort);
	if (p->keep_instr)
		asm_build(&code, p, opt, table.rows, table.nrows, table.nrows, 0);
	report_json(out, p, opt, cols, &table, p->keep_instr ? &code : NULL);
	if (p->keep_instr)
		asm_release(&code);
	table_release(&table);
}

/* The call graph: nodes by inclusive cost, whatever --inclusive says. */
static void print_graph(FILE *out, struct profile *p, const struct options *opt,
			const struct columns *cols)
{
	struct table table;
	struct options incl = *opt;

	incl.inclusive = true;
	table_build(&table, p, &incl, cols->sort, cols->nsort);
	report_dot(out, p, opt, cols, &table);
	table_release(&table);
}

/* What every profile of a run is read with. */
struct reading {
	const struct options *opt;
	const char *strip_prefix;
	struct rename *file_rename, *func_rename;
	char **want;
	size_t nwant;
};

/* P, ready to read the profile PATH as OPT's report needs it. */
static void prepare_profile(struct profile *p, const struct reading *r, const char *path,
			    bool lines)
{
	const struct options *opt = r->opt;

	profile_init(p, path);
	p->annotate_all = opt->auto_annotate;
	p->annotate_names = opt->user_files;
	p->nannotate_names = opt->nuser;
	p->strip_prefix = r->strip_prefix;
	p->want_parts = opt->parts;
	p->nwant_parts = opt->nparts;
	p->want_events = r->want;
	p->nwant_events = r->nwant;
	p->file_rename = r->file_rename;
	p->func_rename = r->func_rename;
	p->paths = opt->profiles;
	p->npaths = opt->nprofiles;
	p->negate = opt->mode == MODE_DIFF;
	/* A text report shows the lines of the files it finds, and so does
	 * a page; JSON gives the per-line costs of every file. */
	if (opt->format == FORMAT_TEXT || opt->format == FORMAT_HTML) {
		p->source_dirs = opt->include_dirs;
		p->nsource_dirs = opt->ninclude;
	}
	/* Stacks and graphs need no per-line or per-instruction data. */
	if (!lines) {
		p->annotate_all = false;
		p->nannotate_names = 0;
	}
	p->keep_instr = asm_wanted(opt) && lines;
}

/* The flame tree of stacks S of P's EVENT, as --format=folded writes
 * them. */
static void flame_of(struct flame *fl, const struct stacks *s, const struct profile *p,
		     size_t event)
{
	flame_init(fl, false);
	flame_add(fl, s, FLAME_NEW);
	flame_finish(fl);
	flame_share_of(fl, FLAME_NEW, table_program_total(p, event));
}

static void check_same_events(const struct profile *old, const struct profile *new)
{
	bool same = old->nraw == new->nraw;

	for (size_t i = 0; same && i < new->nraw; i++)
		same = strcmp(old->events[i].name, new->events[i].name) == 0;
	if (!same)
		die(EXIT_INPUT, "%s: the events differ from those of '%s'", new->path, old->path);
}

/* OLD (opened as IN, unless AGAIN) and NEW read apart into SIDE, for a
 * view of a diff that needs each one's stacks.  Returns false when a
 * profile is standard input, which cannot be read twice, and AGAIN says
 * that it would be read a second time. */
static bool read_sides(struct profile side[2], const struct reading *r, struct input *in,
		       bool again)
{
	const struct options *opt = r->opt;

	if (again && (strcmp(opt->profiles[0], "-") == 0 || strcmp(opt->profiles[1], "-") == 0))
		return false;
	for (int k = 0; k < 2; k++) {
		struct input other;

		prepare_profile(&side[k], r, opt->profiles[k], false);
		side[k].negate = false;
		side[k].annotate_all = false;
		side[k].nannotate_names = 0;
		side[k].keep_instr = false;
		side[k].source_dirs = NULL;
		side[k].nsource_dirs = 0;
		if (k == 0 && !again) {
			callgrind_read(&side[k], in);
			continue;
		}
		input_open(&other, opt->profiles[k]);
		if (detect_kind(&other) != KIND_CALLGRIND)
			usage_error("%s: --merge and --diff apply to Callgrind and "
			    "Cachegrind profiles, not to aprof reports", opt->profiles[k]);
		callgrind_read(&side[k], &other);
		input_close(&other);
	}
	check_same_events(&side[0], &side[1]);
	return true;
}

/* Add the stacks S of profile P to side SIDE of FL: with BY, its groups'. */
static void add_side(struct flame *fl, const struct stacks *s, struct profile *p, int side,
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

/* What the views of a diff take from OLD and NEW read apart (read_sides),
 * each hidden and marked as the report is: with FL, the differential flame
 * tree, each side's stacks added as that side; with FOCUSED, each side's
 * figures focused from those stacks, and with INCLUSIVE its inclusive
 * costs taken on its own, for focus_subtract. */
static void apart(struct profile side[2], struct focus *focus, size_t event, struct flame *fl,
		  bool focused, bool inclusive, enum group_by by)
{
	cost_t whole[2];

	if (fl != NULL)
		flame_init(fl, true);
	for (int k = 0; k < 2; k++) {
		whole[k] = table_program_total(&side[k], event);
		focus_hide(focus, &side[k], false);
		focus_mark(focus, &side[k], false);
		if (focused || inclusive)
			cycles_mark(&side[k], event);
		if (fl != NULL || focused) {
			struct stacks s;

			stacks_estimate(&s, &side[k], event);
			if (fl != NULL)
				add_side(fl, &s, &side[k], k, by);
			if (focused)
				focus_apply(&side[k], &s, event);
			stacks_release(&s);
		}
		if (inclusive)
			inclusive_fix(&side[k]);
	}
	if (fl != NULL) {
		flame_finish(fl);
		for (int k = 0; k < 2; k++)
			flame_share_of(fl, k, whole[k]);
	}
}

static bool any_recursive(const struct profile *p)
{
	for (size_t i = 0; i < p->nfuncs; i++)
		if (p->func_list[i]->recursive)
			return true;
	return false;
}

/* What a difference of sums cannot give, from OLD and NEW read again
 * apart, once for all: P focused (NEW's less OLD's, each from its own
 * stacks), or else the inclusive costs of its recursive functions (the
 * larger of two lower bounds, a maximum, taken on each side); and with FL
 * a page's differential flame tree.  Standard input cannot be read twice:
 * focus is then a usage error, and recursive functions show the change of
 * their first bound, with a warning.  Returns whether FL was made. */
static bool diff_apart(struct profile *p, const struct reading *r, struct focus *focus,
		       size_t event, struct flame *fl)
{
	const struct options *opt = r->opt;
	bool inclusive = !p->focused && (opt->inclusive || opt->format != FORMAT_TEXT) &&
			 any_recursive(p);
	struct profile side[2];

	if (!p->focused && !inclusive && fl == NULL)
		return false;
	if (!read_sides(side, r, NULL, true)) {
		if (p->focused)
			usage_error("--focus with --diff reads OLD and NEW again, each on its own, "
			    "and standard input cannot be read twice: name files");
		if (inclusive)
			warn("the inclusive costs of recursive functions in a diff of standard input "
			     "are the changes of their own costs and calls out of their cycles only; "
			     "name files");
		return false;
	}
	apart(side, focus, event, fl, p->focused, inclusive, GROUP_FUNCTION);
	if (p->focused || inclusive)
		focus_subtract(p, &side[0], &side[1]);
	for (int k = 0; k < 2; k++)
		profile_release(&side[k]);
	return fl != NULL;
}

/* What a flame graph's subtitle says was profiled: the profile's command,
 * else its file.  A new string. */
static char *flame_subtitle(const struct options *opt, const char *cmd)
{
	if (opt->mode == MODE_DIFF)
		return xasprintf("%s against %s", opt->profiles[1], opt->profiles[0]);
	if (cmd != NULL && *cmd != '\0')
		return xstrdup(cmd);
	return xstrdup(opt->profile);
}

/* --format=flamegraph of a diff: nothing of the usual diff model is read,
 * only OLD (from IN) and NEW apart. */
static void print_flame_diff(FILE *out, const struct reading *r, struct input *in,
			     struct focus *focus)
{
	struct profile side[2];
	struct columns cols;
	struct flame fl;
	char *subtitle = flame_subtitle(r->opt, NULL);
	struct flame_look look = { NULL, subtitle, r->opt->flame_down, r->opt->focus,
				   r->opt->nfocus };

	read_sides(side, r, in, false);
	columns_init(&cols, &side[1], r->opt);
	apart(side, focus, cols.primary, &fl, false, false, r->opt->group_by);
	look.event = side[1].events[cols.primary].name;
	report_flame(out, &fl, &look);
	flame_release(&fl);
	columns_release(&cols);
	for (int k = 0; k < 2; k++)
		profile_release(&side[k]);
	free(subtitle);
}

static void print_flame(FILE *out, const struct profile *p, const struct options *opt,
			const struct columns *cols, const struct flame *fl)
{
	char *subtitle = flame_subtitle(opt, p->cmd);
	struct flame_look look = { p->events[cols->primary].name, subtitle, opt->flame_down,
				   opt->focus, opt->nfocus };

	report_flame(out, fl, &look);
	free(subtitle);
}

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

/* The HTML report, with the flame tree F says where to find, or a note
 * that says why there is none. */
static void print_html(FILE *out, struct profile *p, const struct options *opt,
		       const struct columns *cols, struct html_flame *f, struct html_graph *graph)
{
	if (f->tree == NULL && f->wait == NULL)
		f->missing = opt->mode == MODE_DIFF
			? "A differential flame graph reads OLD and NEW again, each on its own, and"
			  " standard input cannot be read twice: name files to see it."
			: "The profile has negative costs (a profile of differences): no stack can"
			  " hold them.";
	report_html(out, p, opt, cols, graph, f);
}

/* A page's stacks and flame tree, made on a thread of their own while the
 * page's tables and JSON are made and written: both only read the model. */
struct flame_job {
	pthread_t thread;
	bool running;
	const struct profile *p;
	size_t event;
	struct stacks stacks;
	struct flame tree;
};

static void flame_job_work(struct flame_job *job)
{
	stacks_estimate(&job->stacks, job->p, job->event);
	flame_of(&job->tree, &job->stacks, job->p, job->event);
}

static void *flame_job_run(void *arg)
{
	flame_job_work(arg);
	return NULL;
}

/* Start JOB on P for EVENT: on another thread if one can be made and
 * there is a CPU for it besides the BUSY ones (the page's, dot's); three
 * on two CPUs made dot, the longest, wait its turns. */
static void flame_job_start(struct flame_job *job, const struct profile *p, size_t event,
			    size_t busy)
{
	job->p = p;
	job->event = event;
	job->running = cpus_usable() > busy &&
		       pthread_create(&job->thread, NULL, flame_job_run, job) == 0;
	if (!job->running)
		flame_job_work(job);
}

static const struct flame *flame_job_wait(void *arg)
{
	struct flame_job *job = arg;

	if (job->running && pthread_join(job->thread, NULL) != 0)
		die(EXIT_INPUT, "the thread making the flame graph could not be joined");
	job->running = false;
	return &job->tree;
}

/* Everything one report of a Callgrind profile is made from: the model
 * read, transformed and computed as its report_kind needs. */
struct run {
	const struct options *opt;
	struct reading r;
	struct focus *focus;
	struct profile p;
	struct columns cols;
	struct stacks stacks;      /* the primary event's, when made (with --group-by
				      and no cycles needed, the groups') */
	struct flame fl;           /* their flame tree, when made */
	bool have_stacks, have_flame;
	unsigned needs;            /* what the report takes from the model (NEED_*) */
	struct grouping *groups;   /* --group-by's groups, when made */
};

/* What a report takes from the model besides the profile as read. */
enum {
	NEED_LINES = 1 << 0,       /* per-line and per-instruction data */
	NEED_STACKS = 1 << 1,      /* the estimated stacks of the primary event */
	NEED_FLAME = 1 << 2,       /* their flame tree */
	NEED_CYCLES = 1 << 3,      /* cycles marked, a diff's or focus's figures fixed */
	NEED_ESTIMATES = 1 << 4,   /* every function's inclusive estimate */
	NEED_PAGE_STACKS = 1 << 5, /* the stacks made while the report is written */
	NEED_GROUPS = 1 << 6,      /* --group-by's groups (and their estimates, with
				      NEED_ESTIMATES) */
};

/* The model the function table shows: with --group-by, the groups'; else
 * the profile's.  Every table writer (text, CSV, Markdown) takes its rows
 * from it. */
static struct profile *table_model(struct run *run)
{
	return run->groups != NULL ? grouping_model(run->groups) : &run->p;
}

struct report_kind {
	enum output_format format;
	unsigned needs;
	void (*write)(struct run *run, FILE *out);
};

static void write_text(struct run *run, FILE *out)
{
	struct options groups = *run->opt;

	/* Groups have no lines: no source is annotated. */
	if (run->groups != NULL) {
		groups.auto_annotate = false;
		groups.nuser = 0;
	}
	print_table_report(out, table_model(run), &groups, &run->cols);
}

static void write_json(struct run *run, FILE *out)
{
	print_json(out, &run->p, run->opt, &run->cols);
}

static void write_folded(struct run *run, FILE *out)
{
	report_folded(out, &run->stacks);
}

static void write_flamegraph(struct run *run, FILE *out)
{
	print_flame(out, &run->p, run->opt, &run->cols, &run->fl);
}

static void write_dot(struct run *run, FILE *out)
{
	print_graph(out, table_model(run), run->opt, &run->cols);
}

/* The page: dot draws the call graph while it is written (the longest of
 * the jobs, so it goes first), and unless they were made already the
 * stacks and their flame tree are made on a thread of their own. */
static void write_html(struct run *run, FILE *out)
{
	struct html_graph graph;
	struct html_flame page_flame = { NULL, NULL, NULL, NULL };
	struct flame_job job = { .running = false };
	bool have_job = run->needs & NEED_PAGE_STACKS;

	html_graph_start(&graph, &run->p, run->opt, &run->cols);
	if (have_job) {
		flame_job_start(&job, &run->p, run->cols.primary, graph.pid != 0 ? 2 : 1);
		page_flame.wait = flame_job_wait;
		page_flame.arg = &job;
	} else if (run->have_flame) {
		page_flame.tree = &run->fl;
	}
	print_html(out, &run->p, run->opt, &run->cols, &page_flame, &graph);
	if (have_job) {
		flame_job_wait(&job);
		flame_release(&job.tree);
		stacks_release(&job.stacks);
	}
}

static const struct report_kind report_kinds[] = {
	{ FORMAT_TEXT, NEED_LINES | NEED_CYCLES, write_text },
	{ FORMAT_JSON, NEED_LINES | NEED_CYCLES | NEED_ESTIMATES, write_json },
	{ FORMAT_DOT, NEED_CYCLES | NEED_ESTIMATES, write_dot },
	{ FORMAT_FOLDED, NEED_STACKS, write_folded },
	{ FORMAT_FLAMEGRAPH, NEED_STACKS | NEED_FLAME, write_flamegraph },
	{ FORMAT_HTML, NEED_LINES | NEED_CYCLES | NEED_ESTIMATES | NEED_PAGE_STACKS, write_html },
};

/* The needs of KIND's report with OPT: focus is taken from the stacks
 * (a diff's from OLD's and NEW's, read apart), --inclusive=both shows the
 * estimates. */
static unsigned needs_of(const struct report_kind *kind, const struct options *opt,
			 bool focused, bool negative)
{
	unsigned needs = kind->needs;

	if (kind->format == FORMAT_TEXT && opt->both_costs)
		needs |= NEED_ESTIMATES;
	/* A table of groups annotates no source. */
	if (opt->group_by != GROUP_FUNCTION)
		needs = (needs | NEED_GROUPS) & ~(kind->format == FORMAT_TEXT ? NEED_LINES : 0u);
	if (focused || opt->mode == MODE_DIFF)
		needs &= ~(unsigned)NEED_ESTIMATES;
	if (focused && opt->mode != MODE_DIFF)
		needs |= NEED_STACKS;
	if ((needs & NEED_PAGE_STACKS) && (focused || opt->mode == MODE_DIFF || negative))
		needs &= ~(unsigned)NEED_PAGE_STACKS;
	/* Stacks the estimates need too are made once, first. */
	if ((needs & NEED_PAGE_STACKS) && (needs & NEED_ESTIMATES) && !negative)
		needs = (needs & ~(unsigned)NEED_PAGE_STACKS) | NEED_STACKS;
	return needs;
}

static const struct report_kind *kind_of(enum output_format format)
{
	for (size_t i = 0; i < sizeof(report_kinds) / sizeof(report_kinds[0]); i++)
		if (report_kinds[i].format == format)
			return &report_kinds[i];
	die(EXIT_USAGE, "no report of this format");
}

/* In a diff, the groups whose inclusive costs are no sums get NEW's bound
 * less OLD's, from OLD and NEW read again apart and grouped each, as a
 * recursive function does (see diff_apart). */
static void diff_group_bounds(struct run *run)
{
	struct profile side[2];
	struct grouping *gr[2];

	if (!grouping_has_bounds(run->groups) || run->p.focused)
		return;
	if (!read_sides(side, &run->r, NULL, true)) {
		warn("the inclusive costs of groups that are no sums, in a diff of standard input, "
		     "are not shown; name files");
		return;
	}
	for (int k = 0; k < 2; k++) {
		focus_hide(run->focus, &side[k], false);
		cycles_mark(&side[k], run->cols.primary);
		gr[k] = grouping_new_like(&side[k], run->groups, &run->p);
		grouping_build(gr[k], &side[k], true);
	}
	grouping_subtract(run->groups, gr[0], gr[1]);
	for (int k = 0; k < 2; k++) {
		grouping_free(gr[k]);
		profile_release(&side[k]);
	}
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

/* The model RUN's report needs: stacks, cycles, a diff's or focus's
 * figures, estimates. */
static void compute(struct run *run, unsigned needs)
{
	const struct options *opt = run->opt;
	struct profile *p = &run->p;
	size_t primary = run->cols.primary;

	/* The one estimate of the stacks, for every view that needs them;
	 * focus is taken from them, and they refuse negative costs. */
	if (needs & NEED_STACKS) {
		stacks_estimate(&run->stacks, p, primary);
		run->have_stacks = true;
	}
	/* Stacks alone (folded, flame graphs): of the groups, if asked. */
	if ((needs & NEED_GROUPS) && !(needs & NEED_CYCLES))
		group_stacks(run);
	/* Flame frames name functions by their place in the model, which
	 * focus_apply changes. */
	if ((needs & NEED_FLAME) || (run->have_stacks && opt->format == FORMAT_HTML)) {
		flame_of(&run->fl, &run->stacks, p, primary);
		run->have_flame = true;
	}
	if (!(needs & NEED_CYCLES))
		return;
	cycles_mark(p, primary);
	if (opt->mode == MODE_DIFF) {
		run->have_flame = diff_apart(p, &run->r, run->focus, primary,
					     opt->format == FORMAT_HTML ? &run->fl : NULL);
	} else if (p->focused) {
		focus_apply(p, &run->stacks, primary);
	}
	if (p->focused)
		cycles_mark(p, primary);
	/* Groups are of the functions the model has now; their estimates come
	 * from the functions' stacks, event by event. */
	if (needs & NEED_GROUPS)
		run->groups = grouping_new(p, opt->group_by);
	if (needs & NEED_ESTIMATES) {
		struct estimate_also also = { grouping_add_stacks, run->groups };

		estimate_compute_also(p, run->have_stacks ? &run->stacks : NULL, primary,
				      run->groups != NULL ? &also : NULL);
	}
	if (run->groups != NULL) {
		/* A text table of self costs shows no inclusive cost. */
		bool figures = opt->format != FORMAT_TEXT || opt->inclusive || opt->per_call;

		grouping_build(run->groups, p, figures);
		if (figures && opt->mode == MODE_DIFF)
			diff_group_bounds(run);
		p->grouping = run->groups;
	}
}

void pipeline_callgrind(const struct options *opt, struct input *in,
			const char *strip_prefix, FILE *out)
{
	struct run run = { .opt = opt };
	struct profile *p = &run.p;
	const struct report_kind *kind = kind_of(opt->format);

	run.r = (struct reading){ opt, strip_prefix, NULL, NULL, NULL, 0 };
	run.focus = focus_new(opt);
	run.r.file_rename = rename_new(opt->mod_filename, opt->nmod_filename, "mod-filename");
	run.r.func_rename = rename_new(opt->mod_funcname, opt->nmod_funcname, "mod-funcname");
	run.r.want = wanted_events(opt, &run.r.nwant);
	if (opt->format == FORMAT_FLAMEGRAPH && opt->mode == MODE_DIFF) {
		print_flame_diff(out, &run.r, in, run.focus);
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
	run.needs = needs_of(kind, opt, p->focused, negative_self(p, run.cols.primary));
	compute(&run, run.needs);
	kind->write(&run, out);
	grouping_free(run.groups);
	if (run.have_flame)
		flame_release(&run.fl);
	stacks_release(&run.stacks);
	columns_release(&run.cols);
	profile_release(p);
done:
	focus_free(run.focus);
	rename_free(run.r.file_rename);
	rename_free(run.r.func_rename);
	free(run.r.want);
}

void pipeline_aprof(const struct options *opt, struct input *in, FILE *out)
{
	struct aprof a;
	struct aprof_table table;
	struct aprof_routine **sel;
	size_t nsel;

	if (opt->format == FORMAT_FOLDED || opt->format == FORMAT_DOT ||
	    opt->format == FORMAT_FLAMEGRAPH)
		usage_error("%s: --format=%s applies to Callgrind and Cachegrind "
		    "profiles, not to aprof reports", opt->profile,
		    opt->format == FORMAT_DOT ? "dot" :
		    opt->format == FORMAT_FOLDED ? "folded" : "flamegraph");
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
