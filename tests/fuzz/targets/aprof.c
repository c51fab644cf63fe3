/* aprof reports through the aprof reader and report. */
#include "fuzz.h"
#include "diag.h"
#include "pipeline.h"

static int run_aprof(const struct options *opt, struct input *in,
		     const char *strip_prefix, FILE *out)
{
	(void)strip_prefix;
	pipeline_aprof(opt, in, out);
	return EXIT_OK;
}

const struct fuzz_target fuzz_target = { "aprof", run_aprof };
