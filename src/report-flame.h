/* The --format=flamegraph report: a self-contained SVG flame graph of a
 * flame tree (calc-flame.h), with web/flamegraph.js inside for hover,
 * zoom and search; without scripts it is a static picture. */
#ifndef CGA_REPORT_FLAME_H
#define CGA_REPORT_FLAME_H

#include <stdbool.h>
#include <stdio.h>

#include "calc-flame.h"
#include "diag.h"

struct flame_look {
	const char *event;         /* the event drawn */
	const char *subtitle;      /* what was profiled, or NULL */
	bool down;                 /* the root at the top (an icicle graph) */
	char *const *focus;        /* the --focus expressions, which the picture names */
	size_t nfocus;
	const struct warnings *warnings;   /* about the input, under the title; may be NULL */
};

/* Draw FL, finished, as an SVG document on OUT. */
void report_flame(FILE *out, const struct flame *fl, const struct flame_look *look);

#endif
