/* Cachegrind profiles: the same reader and pipeline as Callgrind's, fuzzed
 * from Cachegrind seeds with a dictionary of their own. */
#include "fuzz.h"
#include "pipeline.h"

const struct fuzz_target fuzz_target = { "cachegrind", pipeline_callgrind };
