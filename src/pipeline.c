#include "pipeline.h"

#include "annotate.h"
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
	p.source_dirs = opt->include_dirs;
	p.nsource_dirs = opt->ninclude;
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
