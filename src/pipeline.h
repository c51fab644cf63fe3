/* From an opened profile to the printed report: read → model → compute →
 * print, for each kind of profile.  main() only parses options and picks
 * the pipeline; tests and fuzzers drive these directly. */
#ifndef CGA_PIPELINE_H
#define CGA_PIPELINE_H

#include <stdio.h>

#include "read-input.h"
#include "options.h"

/* Annotate the Callgrind or Cachegrind profile IN (opened on OPT->profile)
 * to OUT.  STRIP_PREFIX is removed from the front of file names.  Returns
 * EXIT_GATE when a --fail-above gate failed (the report is whole, the
 * verdicts on standard error), else EXIT_OK. */
int pipeline_callgrind(const struct options *opt, struct input *in,
		       const char *strip_prefix, FILE *out);

/* Report on the aprof report IN (opened on OPT->profile) to OUT. */
void pipeline_aprof(const struct options *opt, struct input *in, FILE *out);

#endif
