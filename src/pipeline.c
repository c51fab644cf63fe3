#include "pipeline.h"

#include <stdlib.h>

#include "calc-cycles.h"
#include "calc-focus.h"
#include "report-annotate.h"
#include "report-asm.h"
#include "calc-asm.h"
#include "read-aprof.h"
#include "report-aprof.h"
#include "diag.h"
#include "read-callgrind.h"
#include "report-columns.h"
#include "read-detect.h"
#include "diag.h"
#include "model-profile.h"
#include "model-rename.h"
#include "report-dot.h"
#include "calc-stacks.h"
#include "report-folded.h"
#include "report-json.h"
#include "report-text.h"
#include "calc-table.h"
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
			die(EXIT_USAGE, "%s: --merge and --diff apply to Callgrind and "
			    "Cachegrind profiles, not to aprof reports", opt->profiles[i]);
		p->negate = false;
		callgrind_read(p, &in);
		input_close(&in);
	}
}

/* The text report, or JSON; with --asm, the machine code (objdump runs
 * before anything is printed). */
static void print_table_report(FILE *out, struct profile *p, const struct options *opt,
			       struct columns *cols)
{
	struct table table;
	struct asm_view code;
	struct options self = *opt;

	if (opt->format == FORMAT_JSON) {
		/* The true totals, not the inclusive mode's calculated ones. */
		self.inclusive = false;
		table_build(&table, p, &self, cols->sort, cols->nsort);
		if (p->keep_instr)
			asm_build(&code, p, opt, table.rows, table.nrows, table.nrows, 0);
		report_json(out, p, opt, cols, &table, p->keep_instr ? &code : NULL);
	} else {
		table_build(&table, p, opt, cols->sort, cols->nsort);
		cols->summary = table.base;
		cols->changes = table.diff;
		if (p->keep_instr)
			asm_build(&code, p, opt, table.rows, table.nrows, table.nshown,
				  (size_t)opt->context);
		report_header(out, p, opt, cols, &table);
		report_totals(out, cols, &table);
		report_functions(out, p, opt, cols, &table);
		annotate_sources(out, p, opt, cols, &table);
		if (p->keep_instr)
			report_asm(out, p, opt, cols, &code);
	}
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

void pipeline_callgrind(const struct options *opt, struct input *in,
			const char *strip_prefix, FILE *out)
{
	struct profile p;
	struct columns cols;
	struct rename *file_rename = rename_new(opt->mod_filename, opt->nmod_filename,
						"mod-filename");
	struct rename *func_rename = rename_new(opt->mod_funcname, opt->nmod_funcname,
						"mod-funcname");
	struct focus *focus = focus_new(opt);
	struct stacks stacks = { NULL, 0, NULL };
	char **want;

	profile_init(&p, opt->profile);
	p.annotate_all = opt->auto_annotate;
	p.annotate_names = opt->user_files;
	p.nannotate_names = opt->nuser;
	p.strip_prefix = strip_prefix;
	p.want_parts = opt->parts;
	p.nwant_parts = opt->nparts;
	p.want_events = want = wanted_events(opt, &p.nwant_events);
	p.file_rename = file_rename;
	p.func_rename = func_rename;
	p.paths = opt->profiles;
	p.npaths = opt->nprofiles;
	p.negate = opt->mode == MODE_DIFF;
	/* A text report shows the lines of the files it finds; JSON gives
	 * the per-line costs of every file. */
	if (opt->format == FORMAT_TEXT) {
		p.source_dirs = opt->include_dirs;
		p.nsource_dirs = opt->ninclude;
	}
	/* Stacks and graphs need no per-line or per-instruction data. */
	if (opt->format == FORMAT_FOLDED || opt->format == FORMAT_DOT) {
		p.annotate_all = false;
		p.nannotate_names = 0;
	}
	p.keep_instr = asm_wanted(opt) && (opt->format == FORMAT_TEXT ||
					   opt->format == FORMAT_JSON);
	if (p.keep_instr && !objdump_available(asm_objdump_program()))
		die(EXIT_INPUT, "--asm needs objdump (GNU binutils), and '%s' cannot be run; "
		    "install binutils or set OBJDUMP to the objdump to use", asm_objdump_program());
	callgrind_read(&p, in);
	read_more(&p, opt);
	if (p.keep_instr && p.instr_missing)
		die(EXIT_INPUT, "%s: the profile has no instruction addresses for --asm; record it with "
		    "valgrind --tool=callgrind --dump-instr=yes (and --collect-jumps=yes for jumps)",
		    p.path);

	columns_init(&cols, &p, opt);
	focus_hide(focus, &p);
	focus_mark(focus, &p);
	if (opt->format != FORMAT_FOLDED)
		cycles_mark(&p, cols.primary);
	/* The one estimate of the stacks, for every view that needs them. */
	if (opt->format == FORMAT_FOLDED || p.focused)
		stacks_estimate(&stacks, &p, cols.primary);
	if (p.focused && opt->format != FORMAT_FOLDED) {
		focus_apply(&p, &stacks, cols.primary);
		cycles_mark(&p, cols.primary);
	}
	if (opt->format == FORMAT_FOLDED)
		report_folded(out, &stacks);
	else if (opt->format == FORMAT_DOT)
		print_graph(out, &p, opt, &cols);
	else
		print_table_report(out, &p, opt, &cols);
	stacks_release(&stacks);
	columns_release(&cols);
	focus_free(focus);
	rename_free(file_rename);
	rename_free(func_rename);
	profile_release(&p);
	free(want);
}

void pipeline_aprof(const struct options *opt, struct input *in, FILE *out)
{
	struct aprof a;
	struct aprof_table table;
	struct aprof_routine **sel;
	size_t nsel;

	if (opt->format == FORMAT_FOLDED || opt->format == FORMAT_DOT)
		die(EXIT_USAGE, "%s: --format=%s applies to Callgrind and Cachegrind "
		    "profiles, not to aprof reports", opt->profile,
		    opt->format == FORMAT_DOT ? "dot" : "folded");
	aprof_init(&a, opt->profile);
	aprof_read(&a, in);
	aprof_table_build(&table, &a, opt);
	sel = aprof_select(&a, opt, &nsel);
	if (opt->format == FORMAT_JSON) {
		aprof_print_json(out, &a, opt, &table, sel, nsel);
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
