/* Diagnostics: every message to stderr goes through here, so that the
 * wording, the program-name prefix and the exit statuses stay uniform,
 * and so that no byte of a message (which may quote a profile's lines and
 * names) acts on a terminal: control characters and bytes that are not
 * UTF-8 are written \xNN. */
#ifndef CGA_DIAG_H
#define CGA_DIAG_H

#include <stdbool.h>
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

/* Warnings about an input, kept as well as printed, so that every report
 * made from it can say what was wrong with it (JSON's "warnings", a line
 * of the flame graph, a comment and a label of the call graph). */
#define WARNINGS_KEPT 20
struct warnings {
	char **text;               /* as printed, without "cgannotate: warning: " */
	size_t n;                  /* at most WARNINGS_KEPT */
	size_t more;               /* warnings told but not kept */
	bool quiet;                /* keep them only: an input read a second time */
};

/* Print "cgannotate: warning: MESSAGE" (unless W is quiet) and keep
 * MESSAGE in W. */
void warn_into(struct warnings *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same about line LINE of FILE, "FILE:LINE: MESSAGE", or about FILE as a
 * whole when LINE is 0, "FILE: MESSAGE". */
void warn_into_at(struct warnings *w, const char *file, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Keep FROM's warnings in TO as well, those TO has already aside. */
void warnings_add(struct warnings *to, const struct warnings *from);
void warnings_release(struct warnings *w);
/* What a report writes after W's warnings when it kept fewer than were
 * told ("and 3 more warnings, on standard error"), or NULL.  A new string. */
char *warnings_more(const struct warnings *w);

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
