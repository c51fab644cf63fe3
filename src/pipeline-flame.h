/* Flame graphs of a run: the flame tree of stacks, and the SVG of one
 * profile or of a diff (OLD and NEW read apart, each with its stacks). */
#ifndef CGA_PIPELINE_FLAME_H
#define CGA_PIPELINE_FLAME_H

#include <stddef.h>
#include <stdio.h>

#include "calc-flame.h"
#include "calc-focus.h"
#include "calc-stacks.h"
#include "model-profile.h"
#include "pipeline-read.h"
#include "report-columns.h"

/* The flame tree of stacks S of P's EVENT, as --format=folded writes
 * them. */
void flame_of(struct flame *fl, const struct stacks *s, const struct profile *p, size_t event);

/* --format=flamegraph of P's flame tree FL. */
void print_flame(FILE *out, const struct profile *p, const struct options *opt,
		 const struct columns *cols, const struct flame *fl);

/* --format=flamegraph of a diff: nothing of the usual diff model is read,
 * only OLD (from IN) and NEW apart. */
void print_flame_diff(FILE *out, const struct reading *r, struct input *in, struct focus *focus);

#endif
