/* Callgrind profiles through the SVG flame graph: the stack estimate, the
 * flame tree and its writer, whatever format the option bytes chose. */
#include "fuzz.h"
#include "pipeline.h"

static int run_flame(const struct options *opt, struct input *in,
		     const char *strip_prefix, FILE *out)
{
	struct options o = *opt;

	o.format = FORMAT_FLAMEGRAPH;
	return pipeline_callgrind(&o, in, strip_prefix, out);
}

const struct fuzz_target fuzz_target = { "flame", run_flame };
