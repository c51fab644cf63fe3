#include "textplot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "xalloc.h"

static size_t label(char *buf, double v)
{
	return numfmt_count(buf, (cost_t)llround(v));
}

/* The widest y label decides how much room the grid gets. */
static int label_width(double ymax)
{
	char buf[NUMFMT_COUNT_MAX];
	size_t a = label(buf, ymax), b = label(buf, ymax / 2);

	return (int)(a > b ? a : b);
}

void textplot_init(struct textplot *p, int columns, int height, double xmax, double ymax)
{
	p->xmax = xmax > 0 ? xmax : 1;
	p->ymax = ymax > 0 ? ymax : 1;
	/* label, " |", grid */
	p->width = columns - label_width(p->ymax) - 2;
	if (p->width < 10)
		p->width = 10;
	p->height = height < 2 ? 2 : height;
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
	double col = round(x / p->xmax * (p->width - 1));
	double row = round(y / p->ymax * (p->height - 1));

	if (!(col >= 0 && col < p->width && row >= 0 && row < p->height))
		return;
	p->cells[(size_t)(p->height - 1 - (int)row) * (size_t)p->width + (size_t)col] = mark;
}

void textplot_curve(struct textplot *p, double (*f)(double x, const void *arg),
		    const void *arg, char mark)
{
	for (int c = 0; c < p->width; c++) {
		double x = p->xmax * c / (p->width - 1);

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
	len = label(buf, p->xmax);
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
	int lw = label_width(p->ymax);
	char buf[NUMFMT_COUNT_MAX];
	size_t n;

	for (int r = 0; r < p->height; r++) {
		const char *text = "";

		if (r == 0 || r == p->height - 1 || r == (p->height - 1) / 2) {
			double v = p->ymax * (p->height - 1 - r) / (p->height - 1);

			label(buf, v);
			text = buf;
		}
		fprintf(out, "%*s |", lw, text);
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
