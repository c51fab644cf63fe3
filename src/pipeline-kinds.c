#include "pipeline-run.h"

#include <stdlib.h>
#include <string.h>

#include "calc-asm.h"
#include "calc-inclusive.h"
#include "calc-table.h"
#include "diag.h"
#include "pipeline-flame.h"
#include "pipeline-pprof.h"
#include "read-callgrind.h"
#include "report-annotate.h"
#include "report-asm.h"
#include "report-csv.h"
#include "report-dot.h"
#include "report-folded.h"
#include "report-gate.h"
#include "report-html.h"
#include "report-json.h"
#include "report-markdown.h"
#include "report-text.h"
#include "xalloc.h"
#ifdef HAVE_NCURSESW
#include "tui.h"
#endif

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
	table_rows(&table, p, &incl, cols->sort, cols->nsort);
	report_dot(out, p, opt, cols, &table, NULL);
	table_release(&table);
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

/* The model the function table shows: with --group-by, the groups'; else
 * the profile's.  Every table writer (text, CSV, Markdown) takes its rows
 * from it. */
static struct profile *table_model(struct run *run)
{
	return run->groups != NULL ? grouping_model(run->groups) : &run->p;
}

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

/* pprof: every shown event's stacks as samples at lines of functions. */
static void write_pprof(struct run *run, FILE *out)
{
	print_pprof_of(out, &run->p, &run->set, &run->cols, run->opt);
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

	for (size_t i = 0; i < opt->nprofiles; i++)
		if (strcmp(opt->profiles[i], "-") == 0)
			return NULL;
	q = xmalloc(sizeof(*q));
	prepare_profile(q, &run->r, opt->profile, false);
	q->keep_instr = true;
	read_another(q, opt->profile, "-i applies");
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

/* Focus is taken from the stacks (a diff's from OLD's and NEW's, read
 * apart), --inclusive=both shows the estimates. */
unsigned report_needs(const struct report_kind *kind, const struct options *opt,
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

const struct report_kind *report_kind_of(enum output_format format)
{
	for (size_t i = 0; i < sizeof(report_kinds) / sizeof(report_kinds[0]); i++)
		if (report_kinds[i].format == format)
			return &report_kinds[i];
	die(EXIT_USAGE, "no report of this format");
}
