/* The libFuzzer harness shared by every target (harness.c) and what each
 * target provides: one small file defining fuzz_target. */
#ifndef CGA_FUZZ_H
#define CGA_FUZZ_H

#include <stdio.h>

#include "read-input.h"
#include "options.h"

struct fuzz_target {
	const char *name;
	/* Annotate IN (opened on OPT->profile) to OUT, as main() would;
	 * returns the exit status (a failed gate's, or EXIT_OK). */
	int (*run)(const struct options *opt, struct input *in,
		   const char *strip_prefix, FILE *out);
};

extern const struct fuzz_target fuzz_target;

#endif
