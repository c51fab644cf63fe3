#include "fmt-plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "xalloc.h"

/* The label of row R (0 at the top), "" for a row without one: the top,
 * the middle and the bottom rows have theirs, YMAX * (HEIGHT-1-R) / (HEIGHT-1)
 * rounded half away from zero.  Exact: YMAX < 2^64 and HEIGHT < 2^31. */
static size_t y_label(char *buf, const struct textplot *p, int r)
{
	cost_t d = p->height - 1, n = p->ymax * (p->height - 1 - r);

	if (r != 0 && r != p->height - 1 && r != (p->height - 1) / 2) {
		buf[0] = '\0';
		return 0;
	}
	return numfmt_count(buf, (2 * n + d) / (2 * d));
}

/* The widest y label decides how much room the grid gets. */
static int label_width(const struct textplot *p)
{
	char buf[NUMFMT_COUNT_MAX];
	size_t w = 0;

	for (int r = 0; r < p->height; r++) {
		size_t len = y_label(buf, p, r);

		if (len > w)
			w = len;
	}
	return (int)w;
}

void textplot_init(struct textplot *p, int columns, int height, cost_t xmax, cost_t ymax)
{
	p->xmax = xmax > 0 ? xmax : 1;
	p->ymax = ymax > 0 ? ymax : 1;
	p->height = height < 2 ? 2 : height;
	/* label, " |", grid */
	p->width = columns - label_width(p) - 2;
	if (p->width < 10)
		p->width = 10;
	p->cells = xmalloc((size_t)p->width * (size_t)p->height);
	memset(p->cells, ' ', (size_t)p->width * (size_t)p->height);
}

void textplot_release(struct textplot *p)
{
	free(p->cells);
	p->cells = NULL;
}

void textplot_mark(struct textplot *p, double x, double y, char mark)
{
	double col = round(x / (double)p->xmax * (p->width - 1));
	double row = round(y / (double)p->ymax * (p->height - 1));

	if (!(col >= 0 && col < p->width && row >= 0 && row < p->height))
		return;
	p->cells[(size_t)(p->height - 1 - (int)row) * (size_t)p->width + (size_t)col] = mark;
}

void textplot_curve(struct textplot *p, double (*f)(double x, const void *arg),
		    const void *arg, char mark)
{
	for (int c = 0; c < p->width; c++) {
		double x = (double)p->xmax * c / (p->width - 1);

		textplot_mark(p, x, f(x, arg), mark);
	}
}

/* "0" under the first column, XNAME in the middle, XMAX under the last. */
static void print_x_labels(FILE *out, const struct textplot *p, int lw, const char *xname)
{
	size_t width = (size_t)p->width, len, nlen = strlen(xname);
	char buf[NUMFMT_COUNT_MAX];
	char *line = xmalloc(width + 1);

	memset(line, ' ', width);
	line[0] = '0';
	len = numfmt_count(buf, p->xmax);
	if (len < width)
		memcpy(line + width - len, buf, len);
	if (nlen + 4 + 2 * len < width)
		memcpy(line + (width - nlen) / 2, xname, nlen);
	line[width] = '\0';
	fprintf(out, "%*s  %s\n", lw, "", line);
	free(line);
}

void textplot_print(FILE *out, const struct textplot *p, const char *xname)
{
	int lw = label_width(p);
	char buf[NUMFMT_COUNT_MAX];
	size_t n;

	for (int r = 0; r < p->height; r++) {
		y_label(buf, p, r);
		fprintf(out, "%*s |", lw, buf);
		/* No trailing blanks. */
		n = (size_t)p->width;
		while (n > 0 && p->cells[(size_t)r * (size_t)p->width + n - 1] == ' ')
			n--;
		fwrite(p->cells + (size_t)r * (size_t)p->width, 1, n, out);
		fputc('\n', out);
	}
	fprintf(out, "%*s +", lw, "");
	for (int c = 0; c < p->width; c++)
		fputc('-', out);
	fputc('\n', out);
	print_x_labels(out, p, lw, xname);
}
