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

/* How many functions reach --node-thres, and how many of them a graph
 * draws. */
struct dot_nodes {
	size_t reached, drawn;
};

/* Write the graph of event C->primary to OUT.  T comes from table_build in
 * inclusive mode: its rows are the functions with their inclusive costs,
 * T->base the total that shares are of.  MAX_NODES, unless 0, draws only
 * that many of the functions that reach --node-thres, the largest.  NODES,
 * unless NULL, is told how many were drawn. */
void report_dot(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c, const struct table *t, size_t max_nodes,
		struct dot_nodes *nodes);

#endif
