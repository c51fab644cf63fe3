/* The --format=html report: one page that a browser opens from disk,
 * nothing fetched.  The page is a viewer: the data goes in once, as the
 * JSON model of --format=json (report-json.c) with what the views need
 * besides (the flame tree, source lines, the call graph drawn by dot),
 * and web/report.js draws every table and view from it. */
#ifndef CGA_REPORT_HTML_H
#define CGA_REPORT_HTML_H

#include <stdio.h>

#include "calc-flame.h"
#include "calc-table.h"
#include "model-aprof.h"
#include "model-profile.h"
#include "options.h"
#include "report-aprof.h"
#include "report-columns.h"
#include "report-dot.h"

/* The call graph of the page: the graph of --format=dot, drawn to SVG by
 * Graphviz's dot ($DOT, else dot on the PATH) while the rest is computed
 * and written. */
struct html_graph {
	FILE *dot;                 /* the DOT text */
	FILE *svg;                 /* what dot draws from it */
	int pid;                   /* 0: dot is not running */
	const char *program;
	int spawn_error;           /* why dot could not be started, or 0 */
	int no_file;               /* why there is no temporary file for them, or 0 */
	struct dot_page drawing;   /* what the page asks of the graph, and how many it drew */
};

/* Write P's call graph and start dot on it. */
void html_graph_start(struct html_graph *g, struct profile *p, const struct options *opt,
		      const struct columns *c);

/* Where the page's flame tree comes from: TREE, or what WAIT(ARG) returns
 * when the page gets to it (the tree is made on another thread while the
 * rest is written); neither: there is none, and MISSING says why. */
struct html_flame {
	const struct flame *tree;
	const struct flame *(*wait)(void *arg);
	void *arg;
	const char *missing;
};

/* The page of the Callgrind or Cachegrind profile P (read, --focus and
 * --hide applied), with the call graph G (started, and finished here) and
 * the flame tree of FLAME. */
void report_html(FILE *out, struct profile *p, const struct options *opt,
		 const struct columns *c, struct html_graph *g, const struct html_flame *flame);

/* The page of the aprof report A: T is its routine table, SEL the routines
 * --routine chose (NSEL of them). */
void report_html_aprof(FILE *out, const struct aprof *a, const struct options *opt,
		       const struct aprof_table *t, struct aprof_routine *const *sel, size_t nsel);

#endif
