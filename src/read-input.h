/* Reading a profile line by line, whatever its size: lines may be of any
 * length, end in LF or CRLF, and the last one may lack its newline.
 *
 * The path "-" is standard input, and messages name it "-".  Input is read
 * in large blocks; gzip-compressed input (recognised by its magic bytes,
 * not its name) is decompressed on the fly when cgannotate is built with
 * zlib.  Large inputs show their progress on a terminal. */
#ifndef CGA_READ_INPUT_H
#define CGA_READ_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "read-progress.h"

struct input_gz;

struct input {
	const char *path;
	int fd;
	bool own_fd;      /* false for standard input, which stays open */
	char *buf;
	size_t cap;
	size_t start;     /* first unconsumed byte */
	size_t end;       /* end of valid data */
	bool eof;
	size_t lineno;    /* number of the line last returned */
	off_t size;       /* of a regular file, else -1 */
	uint64_t raw_read;            /* bytes read from the file so far */
	struct input_gz *gz;          /* NULL unless the input is gzip data */
	struct progress progress;
	bool defer_errors;            /* a read error ends the input and is kept in
					 ERROR, instead of ending the program:
					 another thread reads (read-ahead.c) */
	char *error;
	bool cut_line;                /* the last line lacked its newline (a
					 truncated file, as a rule) */
};

/* Open PATH ("-": standard input); dies with EXIT_INPUT if it cannot be
 * opened or is compressed in a way this build cannot read. */
void input_open(struct input *in, const char *path);
/* The next line without its line end, in *LINE / *LEN (valid until the
 * next call).  Returns false at the end of the input. */
bool input_line(struct input *in, const char **line, size_t *len);
/* Bytes after the end of what input_lines returns that may be read (their
 * values are unspecified): a parser may load 8 bytes at a time. */
#define INPUT_SLACK 32

/* The next whole lines, as many as are buffered (at least one): [*START,
 * *END), where *END follows a newline (one is added to a last line that
 * lacks it) and INPUT_SLACK more bytes may be read.  Line ends are left
 * as they are (CRLF too); the caller counts the lines into LINENO.  Valid
 * until the next call; returns false at the end of the input. */
bool input_lines(struct input *in, const char **start, const char **end);
/* The first bytes of the input (up to a few kilobytes; fewer only at the
 * end of the input) without consuming them, to tell formats apart.  For
 * compressed input these are the decompressed bytes. */
void input_peek(struct input *in, const char **data, size_t *len);
void input_close(struct input *in);

#endif
