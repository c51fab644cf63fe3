/* Reading a large profile on two cores.  A second thread reads the input
 * ahead, in blocks of whole lines, and sums the runs of self cost lines it
 * finds there (most of a profile's bytes), while the reader goes through
 * the names and calls of the blocks read before.  The thread knows none
 * of the reader's state: a run is summed as if it added plain positive
 * counts to the function of the lines before it, and records what it
 * assumed (the number of positions and events, how its positions moved)
 * so that the reader applies the sums only where that holds, and reads
 * the run's lines as usual where it does not.  So every profile reads
 * exactly as it does line by line, with the same messages at the same
 * line numbers.
 *
 * Used for regular uncompressed files of some size when the process may
 * run on more than one CPU; the reader reads everything else itself.  The
 * environment variable CGANNOTATE_READ_AHEAD says otherwise: "no" never;
 * "yes" for any uncompressed input, with every block summed; a number N as
 * "yes", but the thread stops after N reads of the input (these two for tests).
 *
 * A reader that waits for a block gets it at once, summed as far as the
 * thread got, the rest to read itself: so the two threads keep pace.  While
 * reading, the reader keeps to the CPU it is on and the thread to others.
 * If the reader waits long all the same (another program busy on the
 * thread's CPU), the thread stops and the reader reads the rest of the
 * input itself. */
#ifndef CGA_READ_AHEAD_H
#define CGA_READ_AHEAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "read-input.h"

/* Positions and events a run's lines may have. */
#define AHEAD_POS_MAX 4
#define AHEAD_EVENTS_MAX 64

/* How one position column moved over a run: to VALUE if an absolute
 * position was among its lines, else by DELTA from where it was, through
 * values between the column's start plus LOW and plus HIGH.  Of the
 * lines' own positions: whether two of them differ (VARIES), and the
 * least of those before any absolute one, as a move from the start
 * (LEAST_DELTA, if SEEN_DELTA), and of those after (LEAST_VALUE, if
 * SEEN_VALUE): what a reader that keeps each line's data takes from a
 * run whose lines are all at one line of source. */
struct ahead_pos {
	bool absolute;
	uint64_t value;
	int64_t delta, low, high;
	bool seen, varies, seen_delta, seen_value;
	int64_t least_delta;
	uint64_t least_value;
};

/* Lines that are cost lines of NPOS positions and at most NRAW decimal
 * counts, none right after a calls= line, and jump=/jcnd= lines. */
struct ahead_run {
	size_t npos, nraw;
	size_t nlines;             /* all of them */
	size_t ncost;              /* the cost lines among them */
	size_t maxn;               /* the most counts on one line */
	uint64_t bound;            /* no sum is more; none passes 64 bits while it does not */
	size_t sums;               /* index in the block's sums of the NRAW sums */
	struct ahead_pos pos[AHEAD_POS_MAX];
};

/* Whole lines of the block, [START, END), END after a newline: a run if
 * RUN is not NULL, else lines to read one by one. */
struct ahead_item {
	const char *start, *end;
	struct ahead_run *run;
	size_t index;              /* the thread's: RUN's index in the block */
};

struct ahead_block {
	char *data;                /* the lines, and INPUT_SLACK bytes more */
	size_t data_cap;
	struct ahead_item *items;
	size_t nitems, items_cap;
	struct ahead_run *runs;    /* items point into it once the block is made */
	size_t nruns, runs_cap;
	uint64_t *sums;
	size_t nsums, sums_cap;
	uint64_t raw_read;         /* bytes of the file read up to this block's end */
	struct ahead_block *next;
};

struct ahead;

/* A thread reading IN ahead, or NULL if IN is better read directly (small,
 * compressed, not a regular file, one CPU, or no thread to be had). */
struct ahead *ahead_start(struct input *in);
/* The next block, in order; NULL when the thread is done: at the end of
 * the input, or where it stopped (then IN is to be read on from there).
 * Dies as reading IN directly would if the input could not be read, after
 * all the blocks read before the failure were given. */
struct ahead_block *ahead_next(struct ahead *a);
/* The reader has no use for the sums (it keeps per-line data, say): the
 * thread stops at its next block, and the reader reads on from there. */
void ahead_stop(struct ahead *a);
/* The reader is done with block B (from ahead_next). */
void ahead_done(struct ahead *a, struct ahead_block *b);
/* Wait for the thread and free everything; IN is at its end. */
void ahead_finish(struct ahead *a);

#endif
