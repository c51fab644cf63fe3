/* Callgrind profiles through the whole pipeline. */
#include "fuzz.h"
#include "pipeline.h"

const struct fuzz_target fuzz_target = { "callgrind", pipeline_callgrind };
