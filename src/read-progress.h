/* A one-line progress indicator on a terminal, for reading large profiles:
 * "cgannotate: reading FILE: 42%", redrawn in place and erased when done. */
#ifndef CGA_READ_PROGRESS_H
#define CGA_READ_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Inputs smaller than this are read too fast for an indicator to help. */
#define PROGRESS_MIN_SIZE ((uint64_t)64 << 20)

struct progress {
	FILE *out;                 /* NULL: silent */
	const char *name;
	uint64_t total;            /* bytes */
	uint64_t next_ms;          /* no redraw before this time */
	int percent;               /* last shown; -1 if none */
	int width;                 /* characters on screen; 0 if nothing shown */
};

/* Whether an input of TOTAL bytes deserves an indicator on FD: only on a
 * terminal (never into a pipe, a file or a CI log). */
bool progress_wanted(int fd, uint64_t total);

/* Start an indicator for NAME of TOTAL bytes on OUT, or a silent one if
 * OUT is NULL.  Nothing is drawn before the first update. */
void progress_init(struct progress *pr, FILE *out, const char *name, uint64_t total);

/* DONE bytes of the total are read.  Cheap enough to call every megabyte:
 * it redraws at most a few times a second. */
void progress_update(struct progress *pr, uint64_t done);

/* Erase the line, if one was drawn; the indicator stays silent afterwards. */
void progress_end(struct progress *pr);

#endif
