/* The count columns of every listing: which events are shown in which
 * order, which ones sort, how wide each column is, and how a row of counts
 * is printed (commas, percentages of the program total, ".", padding). */
#ifndef CGA_REPORT_COLUMNS_H
#define CGA_REPORT_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fmt-num.h"
#include "model-cost.h"
#include "options.h"
#include "model-profile.h"

struct columns {
	const struct event *events;
	size_t nevents;
	size_t *show;              /* event indices, in display order */
	size_t nshow;
	size_t *sort;              /* event indices, primary first */
	size_t nsort;
	size_t primary;            /* the first --sort event, else the first shown:
				      what views of a single event show */
	bool show_percs;
	bool changes;              /* the counts are changes (a diff, or a profile of
				      differences): negative ones grouped by commas
				      too, percentages with two decimals, columns as
				      wide as they need (see columns_print_count) */
	const cost_t *summary;     /* percentages are relative to it */
	size_t name_width;         /* --name-width: function names shortened to it; 0: never */
};

/* Resolve --show and --sort against P's events; dies with EXIT_USAGE
 * naming an event the profile does not have. */
void columns_init(struct columns *c, const struct profile *p, const struct options *opt);
void columns_release(struct columns *c);

/* Widths indexed by event: start from the event names' lengths, then widen
 * for each vector passed to columns_widen.  A new array of 3 * nevents:
 * [i] is event i's column width; [nevents + i] and [2 * nevents + i] the
 * widest count and percentage of the changes form. */
size_t *columns_widths_new(const struct columns *c);
void columns_widen(const struct columns *c, size_t *widths, const cost_t *v);

/* "EVENT   EVENT2 " padded to WIDTHS, as the headers print it. */
void columns_print_events(FILE *out, const struct columns *c, const size_t *widths);
/* The count X of EVENT, right-aligned in WIDTHS[EVENT] and followed by a
 * space: callgrind_annotate's cell, or in the changes form the count
 * right-aligned above the others and its percentage padded to the widest
 * ("-6,448,401 (-31.87%)", "   25,000 (  0.18%)"). */
void columns_print_count(FILE *out, const struct columns *c, const size_t *widths, size_t event,
			 cost_t x);
/* The text of that cell, without its padding, into TEXT (room for
 * COLUMNS_CELL_MAX): what every view shows of a count. Returns its length. */
#define COLUMNS_CELL_MAX (NUMFMT_COUNT_MAX + NUMFMT_PERCENT_MAX + 4)
size_t columns_cell_text(char *text, const struct columns *c, const size_t *widths, size_t event,
			 cost_t x);
/* One row of counts (V NULL: all absent), each right-aligned and followed
 * by a space. */
void columns_print_cost(FILE *out, const struct columns *c, const size_t *widths, const cost_t *v);
/* A call or jump count N as the listings write it, into BUF (room for
 * NUMFMT_COUNT_MAX): with commas; in the changes form grouped after the
 * sign too, and "±0" for no change, which a 0 would not say (a count of
 * 0 is a call still open when the profile was written).  Returns the
 * number of characters, which is the length but for "±0" (3 bytes). */
size_t columns_format_count(const struct columns *c, char *buf, cost_t n);

#endif
