/* Callgrind profiles through the HTML report: its JSON in page mode, the
 * flame tree, source lines, and the call graph's DOT (the harness points
 * DOT at a program that does not exist, so Graphviz never runs). */
#include "fuzz.h"
#include "pipeline.h"

static int run_html(const struct options *opt, struct input *in,
		    const char *strip_prefix, FILE *out)
{
	struct options o = *opt;

	o.format = FORMAT_HTML;
	return pipeline_callgrind(&o, in, strip_prefix, out);
}

const struct fuzz_target fuzz_target = { "html", run_html };
