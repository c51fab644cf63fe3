/* pprof export of a run: every shown event's estimated stacks as samples
 * at lines of functions, of one profile or of a diff (OLD's negated, as
 * pprof's diff base). */
#ifndef CGA_PIPELINE_PPROF_H
#define CGA_PIPELINE_PPROF_H

#include <stdio.h>

#include "calc-focus.h"
#include "calc-stackset.h"
#include "model-profile.h"
#include "pipeline-read.h"
#include "report-columns.h"

/* --format=pprof of P, whose stacks of the shown events and the primary
 * one SET holds. */
void print_pprof_of(FILE *out, const struct profile *p, struct stackset *set,
		    const struct columns *cols, const struct options *opt);

/* --format=pprof of a diff: OLD (from IN) and NEW read apart, each with
 * its own stacks. */
void print_pprof_diff(FILE *out, const struct reading *r, struct input *in, struct focus *focus);

#endif
