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

/* The lines that the tooltip of a frame of name number ID has after its
 * counts, from FL's descriptions (flame_describe), for the event named
 * EVENT: a recursive function's bound and estimate, a label other names
 * share, code inlined into it.  A new string, lines separated by newlines
 * (not cleaned), or NULL. */
char *flame_about_text(const struct flame *fl, size_t id, const char *event);

/* Whether a tooltip of FL gives a function's bound and estimate: the
 * picture then says what their marks mean. */
bool flame_has_estimates(const struct flame *fl);

/* Draw FL, finished, as an SVG document on OUT. */
void report_flame(FILE *out, const struct flame *fl, const struct flame_look *look);

#endif
