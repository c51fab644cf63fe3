/* The call graph in Graphviz DOT (--format=dot), for one event: a node per
 * function whose inclusive cost reaches --node-thres of the total, an edge
 * per call between two such nodes that reaches --edge-thres.  It reads only
 * the model (functions, their inclusive costs and call edges), so whatever
 * transforms the model shapes the graph. */
#ifndef CGA_REPORT_DOT_H
#define CGA_REPORT_DOT_H

#include <stdio.h>

#include "calc-table.h"
#include "model-profile.h"
#include "options.h"
#include "report-columns.h"

/* The graph an HTML page draws: at most MAX_NODES of the functions that
 * reach --node-thres, the largest (0: all), and no tooltips, for the page
 * keeps only the shapes, the texts and each node's <title> (its id, which
 * the browser shows on hover).  It is told how many functions reach
 * --node-thres and how many are drawn. */
struct dot_page {
	size_t max_nodes;
	size_t reached, drawn;
};

/* Write the graph of event C->primary to OUT.  T comes from table_build in
 * inclusive mode: its rows are the functions with their inclusive costs,
 * T->base the total that shares are of.  PAGE: NULL for --format=dot. */
void report_dot(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c, const struct table *t, struct dot_page *page);

#endif
