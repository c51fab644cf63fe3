/* Scatter plots in plain text: a grid of characters with a labelled y axis
 * and x range, for terminals and logs. */
#ifndef CGA_FMT_PLOT_H
#define CGA_FMT_PLOT_H

#include <stdio.h>

#include "model-cost.h"

struct textplot {
	int width, height;         /* of the grid, in characters */
	cost_t xmax, ymax;         /* the axes run from 0 to these, > 0 */
	char *cells;               /* height rows of width characters */
};

/* A blank grid fitting in COLUMNS characters with its labels, HEIGHT rows
 * high, for points with 0 <= x <= XMAX and 0 <= y <= YMAX.  The axes end
 * at counts, labelled exactly (below 2^64); a maximum of 0 is taken as 1. */
void textplot_init(struct textplot *p, int columns, int height, cost_t xmax, cost_t ymax);
void textplot_release(struct textplot *p);

/* Put MARK at (X, Y); later marks cover earlier ones.  Points outside the
 * axes are left out. */
void textplot_mark(struct textplot *p, double x, double y, char mark);

/* Y = F(X) along the whole x axis, where it is within the axes. */
void textplot_curve(struct textplot *p, double (*f)(double x, const void *arg),
		    const void *arg, char mark);

/* The grid with its axes: y labels (with commas) on the left, the x range
 * below, named XNAME. */
void textplot_print(FILE *out, const struct textplot *p, const char *xname);

#endif
