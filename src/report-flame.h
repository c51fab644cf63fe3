/* The --format=flamegraph report: a self-contained SVG flame graph of a
 * flame tree (calc-flame.h), with web/flamegraph.js inside for hover,
 * zoom and search; without scripts it is a static picture. */
#ifndef CGA_REPORT_FLAME_H
#define CGA_REPORT_FLAME_H

#include <stdbool.h>
#include <stdio.h>

#include "calc-flame.h"

struct flame_look {
	const char *event;         /* the event drawn */
	const char *subtitle;      /* what was profiled, or NULL */
	bool down;                 /* the root at the top (an icicle graph) */
};

/* Draw FL, finished, as an SVG document on OUT. */
void report_flame(FILE *out, const struct flame *fl, const struct flame_look *look);

/* The colour of node V of FL, "rgb(r,g,b)", into BUF (at least 24 bytes):
 * warm hues by the hash of its name, or in a diff red where its own count
 * grew and blue where it shrank, deeper for a larger change (MAX_CHANGE:
 * the largest change of any node's own count). */
void flame_color(const struct flame *fl, const struct flame_node *v, cost_t max_change,
		 char *buf);

/* The largest change of any node's own count (0 unless a diff). */
cost_t flame_max_change(const struct flame *fl);

#endif
