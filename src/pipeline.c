#include "pipeline.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calc-asm.h"
#include "calc-compare.h"
#include "calc-cycles.h"
#include "calc-estimate.h"
#include "calc-flame.h"
#include "calc-focus.h"
#include "calc-gate.h"
#include "calc-group.h"
#include "calc-inclusive.h"
#include "calc-samples.h"
#include "calc-stacks.h"
#include "calc-stackset.h"
#include "calc-table.h"
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
#include "report-compare.h"
#include "report-csv.h"
#include "report-dot.h"
#include "report-flame.h"
#include "report-gate.h"
#include "report-folded.h"
#include "report-html.h"
#include "report-json.h"
#include "report-markdown.h"
#include "report-pprof.h"
#include "report-text.h"
#include "xalloc.h"
#ifdef HAVE_NCURSESW
#include "tui.h"
#endif

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
	bool func_lines;           /* keep each function's own lines */
};

/* P, ready to read the profile PATH as OPT's report needs it. */
static void prepare_profile(struct profile *p, const struct reading *r, const char *path,
			    bool lines)
{
	const struct options *opt = r->opt;

	profile_init(p, path);
	/* The browser shows the source of any function it finds. */
	p->annotate_all = opt->auto_annotate || opt->format == FORMAT_TUI;
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
	/* A text report shows the lines of the files it finds, and so do a
	 * page and the browser; JSON gives the per-line costs of every file. */
	if (opt->format == FORMAT_TEXT || opt->format == FORMAT_HTML || opt->format == FORMAT_TUI) {
		p->source_dirs = opt->include_dirs;
		p->nsource_dirs = opt->ninclude;
	}
	/* Stacks and graphs need no per-line or per-instruction data. */
	if (!lines) {
		p->annotate_all = false;
		p->nannotate_names = 0;
	}
	p->keep_instr = asm_wanted(opt) && lines;
	p->keep_func_lines = r->func_lines;
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
		/* Read a second time: its warnings were told the first. */
		side[k].warnings.quiet = again;
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

/* What the views of a diff take from OLD and NEW read apart (read_sides). */
struct apart_needs {
	struct flame *fl;          /* the differential flame tree, each side's stacks
				      added as that side */
	bool focused;              /* each side's figures focused from those stacks */
	bool inclusive;            /* each side's inclusive costs taken on its own,
				      for focus_subtract */
	bool cycles;               /* each side's cycles marked (NEW's numbering) */
	bool estimates;            /* each side's inclusive estimates */
	bool all_events;           /* of every event, not only the primary one */
	enum group_by by;          /* the flame tree's frames: of groups, or functions */
};

/* Each side hidden and marked as the report is, and given what N says. */
static void apart(struct profile side[2], struct focus *focus, size_t event,
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

/* Which estimates a diff's view wants (diff_apart). */
enum { ESTIMATES_PRIMARY = 1, ESTIMATES_ALL = 2 };

/* What a difference of sums cannot give, from OLD and NEW read again
 * apart, once for all: P focused (NEW's less OLD's, each from its own
 * stacks), or else the inclusive costs of its recursive functions (the
 * larger of two lower bounds, a maximum, taken on each side); with
 * ESTIMATES (ESTIMATES_*) every function's inclusive estimate, NEW's less
 * OLD's; P's
 * cycles numbered as NEW numbers its own; and with FL a page's
 * differential flame tree.  Standard input cannot be read twice: focus is
 * then a usage error, and recursive functions show the change of their
 * first bound, with a warning.  Returns whether FL was made. */
static bool diff_apart(struct profile *p, const struct reading *r, struct focus *focus,
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

/* The verdicts of OPT's gates: OLD and NEW read again apart, each as a
 * diff's views take it, with the estimates of the recursive functions
 * the gates look at. */
static void judge_gates(struct gates *g, const struct reading *r, struct focus *focus)
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

/* --compare: each profile read on its own (the first from IN), its
 * figures those of its table, all in one table. */
static void print_comparison(FILE *out, const struct reading *r, struct input *in,
			     struct focus *focus)
{
	const struct options *opt = r->opt;
	size_t n = opt->nprofiles, nrows;
	struct profile *p = xcalloc(n, sizeof(*p));
	const struct profile **all = xcalloc(n, sizeof(*all));
	struct comparison cmp;
	struct columns cols;

	for (size_t j = 0; j < n; j++) {
		struct input other;

		prepare_profile(&p[j], r, opt->profiles[j], false);
		p[j].negate = false;
		if (j == 0) {
			callgrind_read(&p[j], in);
		} else {
			input_open(&other, opt->profiles[j]);
			if (detect_kind(&other) != KIND_CALLGRIND)
				usage_error("%s: --compare applies to Callgrind and Cachegrind "
				    "profiles, not to aprof reports", opt->profiles[j]);
			callgrind_read(&p[j], &other);
			input_close(&other);
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
	struct warnings both = { NULL, 0, 0, true };
	struct flame_look look = { NULL, subtitle, r->opt->flame_down, r->opt->focus,
				   r->opt->nfocus, &both };
	struct apart_needs n = { &fl, false, false, false, false, false, r->opt->group_by };

	read_sides(side, r, in, false);
	columns_init(&cols, &side[1], r->opt);
	apart(side, focus, cols.primary, &n);
	look.event = side[1].events[cols.primary].name;
	for (int k = 0; k < 2; k++)
		warnings_add(&both, &side[k].warnings);
	report_flame(out, &fl, &look);
	warnings_release(&both);
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
				   opt->focus, opt->nfocus, &p->warnings };

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

/* Everything one report of a Callgrind profile is made from: the model
 * read, transformed and computed as its report_kind needs. */
struct run {
	const struct options *opt;
	struct reading r;
	struct focus *focus;
	struct profile p;
	struct columns cols;
	struct stacks stacks;      /* the primary event's, when made */
	struct stackset set;       /* every event's the report shows, when made */
	bool have_set;
	struct flame fl;           /* their flame tree, when made */
	bool have_stacks, have_flame;
	struct call_estimates *calls;  /* the estimated cost of the calls, when made */
	unsigned needs;            /* what the report takes from the model (NEED_*) */
	struct grouping *groups;   /* --group-by's groups, when made */
	struct gates gates;        /* the verdicts of --fail-above, if any */
};

/* What a report takes from the model besides the profile as read. */
enum {
	NEED_LINES = 1 << 0,       /* per-line and per-instruction data */
	NEED_STACKS = 1 << 1,      /* the estimated stacks of the primary event */
	NEED_FLAME = 1 << 2,       /* their flame tree */
	NEED_CYCLES = 1 << 3,      /* cycles marked, a diff's or focus's figures fixed */
	NEED_ESTIMATES = 1 << 4,   /* every function's inclusive estimate of the primary event */
	NEED_PAGE_FLAME = 1 << 5,  /* the flame tree, where stacks can hold the costs */
	NEED_FUNC_LINES = 1 << 6,  /* each function's own lines */
	NEED_EVENT_STACKS = 1 << 7, /* the estimated stacks of every shown event */
	NEED_SHOWN_ESTIMATES = 1 << 8,  /* the estimates of every shown event, not only the
					   primary one's */
	NEED_ALL_ESTIMATES = 1 << 9,    /* ... of every event */
	NEED_LATER_ESTIMATES = 1 << 10, /* the stacks and every function's inclusive
					   estimate, made by the report itself while
					   it runs (the browser, on a thread) */
	NEED_CALLS = 1 << 11,      /* the estimated cost of the calls, from the stacks */
	NEED_GROUPS = 1 << 12,     /* --group-by's groups (and their estimates, with
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
	/* What must hold before the profile is read, or NULL. */
	void (*ready)(const struct options *opt);
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

/* The figures of recursive functions, where they were made. */
static bool has_estimates(const struct run *run)
{
	return run->needs & NEED_ESTIMATES;
}

static void write_flamegraph(struct run *run, FILE *out)
{
	flame_describe(&run->fl, table_model(run), run->cols.primary, has_estimates(run));
	print_flame(out, &run->p, run->opt, &run->cols, &run->fl);
}

static void write_dot(struct run *run, FILE *out)
{
	print_graph(out, table_model(run), run->opt, &run->cols);
}

/* The page: dot draws the call graph while it is written. */
static void write_html(struct run *run, FILE *out)
{
	struct html_graph graph;
	struct html_flame page_flame = { NULL, NULL, NULL, NULL };

	html_graph_start(&graph, &run->p, run->opt, &run->cols);
	if (run->have_flame) {
		size_t n;

		/* Its frames' figures are the inclusive costs and estimates. */
		free(inclusive_compute(&run->p, true, &n));
		flame_describe(&run->fl, &run->p, run->cols.primary, has_estimates(run));
		page_flame.tree = &run->fl;
	}
	print_html(out, &run->p, run->opt, &run->cols, &page_flame, &graph);
}

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

/* --format=pprof of a diff: OLD (from IN) and NEW read apart, each with
 * its own stacks; OLD's samples negated, as pprof's diff base. */
static void print_pprof_diff(FILE *out, const struct reading *r, struct input *in,
			     struct focus *focus)
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

/* pprof: every shown event's stacks as samples at lines of functions. */
static void write_pprof(struct run *run, FILE *out)
{
	struct samples s;
	size_t n, *events = pprof_events(&run->cols, &n);
	bool rest;

	samples_init(&s, n);
	rest = add_side(&s, &run->p, &run->set, events, n, 0);
	print_pprof(out, &s, run->opt, events, n, run->cols.primary, NULL, &run->p, rest);
	samples_release(&s);
	free(events);
}

/* Markdown: the function table, as the text report's rows. */
static void write_markdown(struct run *run, FILE *out)
{
	struct table table;

	table_build(&table, table_model(run), run->opt, run->cols.sort, run->cols.nsort);
	run->cols.summary = table.base;
	run->cols.changes = table.diff;
	report_markdown(out, table_model(run), run->opt, &run->cols, &table, &run->gates);
	table_release(&table);
}

static void write_csv(struct run *run, FILE *out)
{
	report_csv(out, table_model(run), run->opt, &run->cols);
}

#ifdef HAVE_NCURSESW
/* The profile read again with the data of its instructions, for the
 * browser's machine code: a new profile, which the caller releases and
 * frees; NULL when a profile is standard input, which cannot be read
 * twice.  Runs on the browser's thread while the browser reads the model
 * RUN holds, and touches nothing of it. */
static struct profile *read_with_code(void *arg)
{
	const struct run *run = arg;
	const struct options *opt = run->opt;
	struct profile *q;
	struct input in;

	for (size_t i = 0; i < opt->nprofiles; i++)
		if (strcmp(opt->profiles[i], "-") == 0)
			return NULL;
	q = xmalloc(sizeof(*q));
	prepare_profile(q, &run->r, opt->profile, false);
	q->keep_instr = true;
	input_open(&in, opt->profile);
	callgrind_read(q, &in);
	input_close(&in);
	read_more(q, opt);
	return q;
}

/* The browser: the model as the table's columns see it, the stacks when
 * --focus made them, and the way to the instructions' data (the profile
 * itself when --asm kept it). */
static void write_tui(struct run *run, FILE *out)
{
	struct tui_source src = {
		.p = &run->p, .opt = run->opt, .cols = &run->cols,
		.stacks = run->have_stacks ? &run->stacks : NULL,
		.estimate = run->needs & NEED_LATER_ESTIMATES,
		.code = run->p.keep_instr ? &run->p : NULL,
		.read_code = read_with_code, .arg = run,
	};

	(void)out;
	tui_browse(&src);
}

static void ready_tui(const struct options *opt)
{
	tui_ready(opt);
}
#else
static void write_tui(struct run *run, FILE *out)
{
	(void)run;
	(void)out;
}

static void ready_tui(const struct options *opt)
{
	(void)opt;
	die(EXIT_USAGE, "-i: this cgannotate was built without the terminal browser "
	    "(configure found no ncursesw: install libncurses-dev and build it again)");
}
#endif

static const struct report_kind report_kinds[] = {
	{ FORMAT_TEXT, NEED_LINES | NEED_CYCLES, write_text, NULL },
	{ FORMAT_JSON, NEED_LINES | NEED_CYCLES | NEED_ESTIMATES | NEED_ALL_ESTIMATES, write_json,
	  NULL },
	{ FORMAT_DOT, NEED_CYCLES | NEED_ESTIMATES | NEED_CALLS, write_dot, NULL },
	{ FORMAT_FOLDED, NEED_STACKS, write_folded, NULL },
	{ FORMAT_FLAMEGRAPH, NEED_STACKS | NEED_FLAME | NEED_CYCLES | NEED_ESTIMATES,
	  write_flamegraph, NULL },
	{ FORMAT_HTML, NEED_LINES | NEED_CYCLES | NEED_ESTIMATES | NEED_PAGE_FLAME | NEED_CALLS,
	  write_html, NULL },
	{ FORMAT_PPROF, NEED_FUNC_LINES | NEED_STACKS | NEED_EVENT_STACKS, write_pprof, NULL },
	{ FORMAT_MARKDOWN, NEED_CYCLES, write_markdown, NULL },
	{ FORMAT_CSV, NEED_CYCLES | NEED_ESTIMATES | NEED_SHOWN_ESTIMATES, write_csv, NULL },
	{ FORMAT_TUI, NEED_LINES | NEED_CYCLES | NEED_LATER_ESTIMATES, write_tui, ready_tui },
};

/* The needs of KIND's report with OPT: focus is taken from the stacks
 * (a diff's from OLD's and NEW's, read apart), --inclusive=both shows the
 * estimates. */
static unsigned needs_of(const struct report_kind *kind, const struct options *opt,
			 bool focused, bool negative)
{
	unsigned needs = kind->needs;

	/* The tables that show inclusive costs show the estimates beside
	 * the bounds. */
	if ((kind->format == FORMAT_TEXT && opt->both_costs) ||
	    (kind->format == FORMAT_MARKDOWN && opt->inclusive))
		needs |= NEED_ESTIMATES | NEED_SHOWN_ESTIMATES;
	/* A table of groups annotates no source. */
	if (opt->group_by != GROUP_FUNCTION)
		needs = (needs | NEED_GROUPS) & ~(kind->format == FORMAT_TEXT ? NEED_LINES : 0u);
	if (focused)
		needs &= ~(unsigned)(NEED_ESTIMATES | NEED_SHOWN_ESTIMATES | NEED_ALL_ESTIMATES |
				     NEED_LATER_ESTIMATES);
	if (focused && opt->mode != MODE_DIFF)
		needs |= NEED_STACKS;
	/* Estimates are sums of the stacks, which refuse negative costs; a
	 * diff's are NEW's less OLD's, each side's from its own stacks
	 * (diff_apart).  So are the calls' estimates. */
	if (negative && opt->mode != MODE_DIFF)
		needs &= ~(unsigned)(NEED_ESTIMATES | NEED_SHOWN_ESTIMATES | NEED_ALL_ESTIMATES |
				     NEED_LATER_ESTIMATES);
	if ((needs & NEED_CALLS) && (focused || opt->mode == MODE_DIFF || negative))
		needs &= ~(unsigned)NEED_CALLS;
	if ((needs & (NEED_ESTIMATES | NEED_CALLS)) && opt->mode != MODE_DIFF)
		needs |= NEED_STACKS;
	/* A diff's flame tree comes from OLD and NEW read apart (diff_apart);
	 * a profile of differences has none. */
	if ((needs & NEED_PAGE_FLAME) && opt->mode != MODE_DIFF && !negative)
		needs |= NEED_STACKS | NEED_FLAME;
	return needs & ~(unsigned)NEED_PAGE_FLAME;
}

static const struct report_kind *kind_of(enum output_format format)
{
	for (size_t i = 0; i < sizeof(report_kinds) / sizeof(report_kinds[0]); i++)
		if (report_kinds[i].format == format)
			return &report_kinds[i];
	die(EXIT_USAGE, "no report of this format");
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
		warn_into(&run->p.warnings, "the inclusive costs of groups that are no sums, in a "
			  "diff of standard input, are not shown; name files");
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
			focus_apply(p, &run->stacks, primary);
			cycles_mark(p, primary);
		}
		/* A view of inclusive costs says where one is below a self cost. */
		if (opt->format != FORMAT_TEXT || opt->inclusive)
			inclusive_check(p);
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
			diff_group_bounds(run);
		p->grouping = run->groups;
	}
	if (flame_later && (needs & NEED_FLAME) && run->have_stacks) {
		struct stacks grouped = { NULL, 0, NULL };

		grouping_stacks(run->groups, &run->stacks, &grouped);
		stacks_release(&run->stacks);
		run->stacks = grouped;
		flame_of(&run->fl, &run->stacks, grouping_model(run->groups), primary);
		run->have_flame = true;
	}
}

int pipeline_callgrind(const struct options *opt, struct input *in,
		       const char *strip_prefix, FILE *out)
{
	struct run run = { .opt = opt };
	struct profile *p = &run.p;
	const struct report_kind *kind = kind_of(opt->format);
	int status;

	run.r = (struct reading){ opt, strip_prefix, NULL, NULL, NULL, 0, false };
	run.focus = focus_new(opt);
	run.r.file_rename = rename_new(opt->mod_filename, opt->nmod_filename, "mod-filename");
	run.r.func_rename = rename_new(opt->mod_funcname, opt->nmod_funcname, "mod-funcname");
	run.r.want = wanted_events(opt, &run.r.nwant);
	run.r.func_lines = kind->needs & NEED_FUNC_LINES;
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
	run.needs = needs_of(kind, opt, p->focused, negative_self(p, run.cols.primary));
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
	rename_free(run.r.file_rename);
	rename_free(run.r.func_rename);
	free(run.r.want);
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
