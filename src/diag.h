/* Diagnostics: every message to stderr goes through here, so that the
 * wording, the program-name prefix and the exit statuses stay uniform. */
#ifndef CGA_DIAG_H
#define CGA_DIAG_H

#include <stddef.h>

/* Exit statuses, documented in the man page. */
enum exit_status {
	EXIT_OK = 0,
	EXIT_USAGE = 1,  /* bad command line, unknown event name, no profile */
	EXIT_INPUT = 2,  /* unusable input, unreadable file, I/O error */
	EXIT_GATE = 3,   /* a --fail-above gate failed (the report is whole) */
};

/* Print "cgannotate: MESSAGE" and exit with STATUS. */
_Noreturn void die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Print "cgannotate: FILE:LINE: MESSAGE" and exit with EXIT_INPUT. */
_Noreturn void die_at(const char *file, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A bad command line: print "cgannotate: MESSAGE", then the line that
 * points to --help, and exit with EXIT_USAGE. */
_Noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Print "cgannotate: warning: MESSAGE" and go on. */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "cgannotate: MESSAGE" and go on: information that is no warning,
 * such as the first line of what an error that follows refers to. */
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print MESSAGE exactly as given (no prefix) and go on: the continuation
 * lines of a message begun with say(), warn() or die(). */
void say_raw(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#ifdef CGA_FUZZ
/* Fuzz builds only (tests/fuzz/): die(), die_at() and usage_error() end here
 * instead of in exit(), so that the fuzzing harness can go on with its next
 * input.  The harness defines it; it must not return. */
_Noreturn void cga_fuzz_exit(int status);
#endif

#endif
