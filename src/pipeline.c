#include "pipeline.h"

#include <stdlib.h>

#include "annotate.h"
#include "aprof.h"
#include "aprof_report.h"
#include "diag.h"
#include "callgrind.h"
#include "columns.h"
#include "profile.h"
#include "report.h"
#include "table.h"

void pipeline_callgrind(const struct options *opt, struct input *in,
			const char *strip_prefix, FILE *out)
{
	struct profile p;
	struct columns cols;
	struct table table;

	profile_init(&p, opt->profile);
	p.annotate_all = opt->auto_annotate;
	p.annotate_names = opt->user_files;
	p.nannotate_names = opt->nuser;
	p.strip_prefix = strip_prefix;
	callgrind_read(&p, in);

	columns_init(&cols, &p, opt);
	table_build(&table, &p, opt, cols.sort, cols.nsort);
	cols.summary = table.summary;

	report_header(out, &p, opt, &cols, &table);
	report_totals(out, &cols, &table);
	report_functions(out, opt, &cols, &table);
	annotate_sources(out, &p, opt, &cols, &table);

	table_release(&table);
	columns_release(&cols);
	profile_release(&p);
}

void pipeline_aprof(const struct options *opt, struct input *in, FILE *out)
{
	struct aprof a;
	struct aprof_table table;
	struct aprof_routine **sel;
	size_t nsel;

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
