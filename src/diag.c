#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The normal build exits; a fuzz build hands the status to the harness. */
#ifdef CGA_FUZZ
#define diag_exit cga_fuzz_exit
#else
#define diag_exit exit
#endif

/* "cgannotate: [KIND: ][FILE:LINE: ]MESSAGE" and a newline. */
static void vsay(const char *kind, const char *file, size_t line, const char *fmt, va_list ap)
{
	fflush(stdout);
	fputs("cgannotate: ", stderr);
	if (kind != NULL)
		fprintf(stderr, "%s: ", kind);
	if (file != NULL)
		fprintf(stderr, "%s:%zu: ", file, line);
	vfprintf(stderr, fmt, ap);
	/* On a terminal, clear what a progress line (src/read-progress.c) left to
	 * the right of a message shorter than itself. */
	if (isatty(STDERR_FILENO))
		fputs("\033[K", stderr);
	fputc('\n', stderr);
}

void die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(NULL, NULL, 0, fmt, ap);
	va_end(ap);
	diag_exit(status);
}

void die_at(const char *file, size_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(NULL, file, line, fmt, ap);
	va_end(ap);
	diag_exit(EXIT_INPUT);
}

void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(NULL, NULL, 0, fmt, ap);
	va_end(ap);
	fputs("Try 'cgannotate --help' for more information.\n", stderr);
	diag_exit(EXIT_USAGE);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("warning", NULL, 0, fmt, ap);
	va_end(ap);
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(NULL, NULL, 0, fmt, ap);
	va_end(ap);
}

void say_raw(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}
