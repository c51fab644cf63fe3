#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmt-utf8.h"
#include "xalloc.h"

/* The normal build exits; a fuzz build hands the status to the harness. */
#ifdef CGA_FUZZ
#define diag_exit cga_fuzz_exit
#else
#define diag_exit exit
#endif

/* FMT and AP formatted: into SMALL (SIZE bytes) when it fits, else into a
 * new string; cut to SMALL where there is no memory for one (the message
 * may be the one saying so). */
static char *format(char *small, size_t size, const char *fmt, va_list ap)
{
	va_list again;
	char *text = small;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, size, fmt, ap);
	if (n >= 0 && (size_t)n >= size && (text = malloc((size_t)n + 1)) != NULL)
		vsnprintf(text, (size_t)n + 1, fmt, again);
	else
		text = small;
	va_end(again);
	return text;
}

/* The length of the character at S (N > 0 bytes left), and in *SHOWN
 * whether it is written as it is: text (fmt-utf8.h), or a control
 * character of KEEP, but no C1 control (U+0080 to U+009F), which some
 * terminals obey too. */
static size_t visible_char(const char *s, size_t n, const char *keep, bool *shown)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = utf8_char(u, n, keep, shown);

	if (len == 2 && u[0] == 0xc2 && u[1] < 0xa0)
		*shown = false;
	return len;
}

/* S as it is shown: what is not written as it is (visible_char) as \xNN
 * for each of its bytes.  Into OUT, which has room for 4 * strlen(S) + 1
 * bytes, or with OUT NULL on standard error, byte by byte: no memory is
 * needed, for the message that says there is none. */
static void visible(char *out, const char *s, const char *keep)
{
	size_t n = strlen(s);

	while (n > 0) {
		bool shown;
		size_t len = visible_char(s, n, keep, &shown);

		for (size_t i = 0; i < len; i++) {
			char esc[5];
			const char *piece = shown ? s + i : esc;
			size_t k = shown ? 1 : 4;

			if (!shown)
				snprintf(esc, sizeof(esc), "\\x%02x", (unsigned char)s[i]);
			if (out == NULL) {
				fwrite(piece, 1, k, stderr);
			} else {
				memcpy(out, piece, k);
				out += k;
			}
		}
		s += len;
		n -= len;
	}
	if (out != NULL)
		*out = '\0';
}

/* "cgannotate: [KIND: ][FILE:LINE: ]MESSAGE" and a newline. */
static void vsay(const char *kind, const char *file, size_t line, const char *fmt, va_list ap)
{
	char small[512], *text = format(small, sizeof(small), fmt, ap);

	fflush(stdout);
	fputs("cgannotate: ", stderr);
	if (kind != NULL)
		fprintf(stderr, "%s: ", kind);
	if (file != NULL) {
		visible(NULL, file, "");
		fprintf(stderr, ":%zu: ", line);
	}
	visible(NULL, text, "");
	/* On a terminal, clear what a progress line (src/read-progress.c) left to
	 * the right of a message shorter than itself. */
	if (isatty(STDERR_FILENO))
		fputs("\033[K", stderr);
	fputc('\n', stderr);
	if (text != small)
		free(text);
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
	char small[512], *text;

	va_start(ap, fmt);
	text = format(small, sizeof(small), fmt, ap);
	va_end(ap);
	visible(NULL, text, "\n");
	if (text != small)
		free(text);
}

/* Warn of FMT and AP, about LINE of FILE if FILE is not NULL (about the
 * whole file if LINE is 0), and keep the message in W. */
static void vwarn_into(struct warnings *w, const char *file, size_t line, const char *fmt,
		       va_list ap)
{
	char small[512], *text = format(small, sizeof(small), fmt, ap), *whole, *shown;

	if (file == NULL)
		whole = xstrdup(text);
	else if (line == 0)
		whole = xasprintf("%s: %s", file, text);
	else
		whole = xasprintf("%s:%zu: %s", file, line, text);
	if (text != small)
		free(text);
	if (!w->quiet)
		warn("%s", whole);
	if (w->n == WARNINGS_KEPT) {
		w->more++;
	} else {
		shown = xmalloc(4 * strlen(whole) + 1);
		visible(shown, whole, "");
		w->text = xreallocarray(w->text, w->n + 1, sizeof(*w->text));
		w->text[w->n++] = shown;
	}
	free(whole);
}

void warn_into(struct warnings *w, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_into(w, NULL, 0, fmt, ap);
	va_end(ap);
}

void warn_into_at(struct warnings *w, const char *file, size_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn_into(w, file, line, fmt, ap);
	va_end(ap);
}

void warnings_add(struct warnings *to, const struct warnings *from)
{
	for (size_t i = 0; i < from->n; i++) {
		bool known = false;

		for (size_t k = 0; k < to->n && !known; k++)
			known = strcmp(to->text[k], from->text[i]) == 0;
		if (known)
			continue;
		if (to->n == WARNINGS_KEPT) {
			to->more++;
			continue;
		}
		to->text = xreallocarray(to->text, to->n + 1, sizeof(*to->text));
		to->text[to->n++] = xstrdup(from->text[i]);
	}
	to->more += from->more;
}

char *warnings_more(const struct warnings *w)
{
	if (w->more == 0)
		return NULL;
	return xasprintf("and %zu more warning%s, on standard error", w->more,
			 w->more == 1 ? "" : "s");
}

void warnings_release(struct warnings *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->text[i]);
	free(w->text);
	w->text = NULL;
	w->n = w->more = 0;
}
