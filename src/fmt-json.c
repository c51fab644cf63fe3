#include "fmt-json.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-num.h"
#include "fmt-utf8.h"

void json_init(struct json *j, FILE *out)
{
	memset(j, 0, sizeof(*j));
	j->out = out;
	j->first[0] = true;
}

void json_finish(struct json *j)
{
	fputc('\n', j->out);
}

/* One write for the line end and the indentation: the output is mostly
 * short lines, and a write per level took as long as all the rest. */
static void newline_indent(struct json *j)
{
	static const char line[] = "\n"
		"                                                                ";

	_Static_assert(sizeof(line) >= 2 + 2 * JSON_MAX_DEPTH, "indentation for every level");
	fwrite(line, 1, 1 + 2 * (size_t)j->depth, j->out);
}

/* Whatever must come before a value or a key at the current level. */
static void separate(struct json *j)
{
	bool first = j->first[j->depth];

	if (j->after_key) {
		j->after_key = false;
		return;
	}
	j->first[j->depth] = false;
	if (!first)
		fputc(',', j->out);
	if (j->depth == 0)
		return;
	if (!j->inline_[j->depth])
		newline_indent(j);
	else if (!first)
		fputc(' ', j->out);
}

static void open_level(struct json *j, char bracket, bool one_line)
{
	separate(j);
	fputc(bracket, j->out);
	if (j->depth + 1 >= JSON_MAX_DEPTH)
		die(EXIT_INPUT, "JSON output nested too deeply");
	j->depth++;
	j->first[j->depth] = true;
	j->inline_[j->depth] = one_line || j->inline_[j->depth - 1];
}

static void close_level(struct json *j, char bracket)
{
	bool empty = j->first[j->depth], one_line = j->inline_[j->depth];

	j->depth--;
	if (!empty && !one_line)
		newline_indent(j);
	fputc(bracket, j->out);
}

void json_begin_object(struct json *j)
{
	open_level(j, '{', false);
}

void json_end_object(struct json *j)
{
	close_level(j, '}');
}

void json_begin_array(struct json *j)
{
	open_level(j, '[', false);
}

void json_begin_inline_array(struct json *j)
{
	open_level(j, '[', true);
}

void json_end_array(struct json *j)
{
	close_level(j, ']');
}

static void write_escaped(FILE *out, const char *s, size_t n);

void json_key(struct json *j, const char *key)
{
	separate(j);
	write_escaped(j->out, key, strlen(key));
	fputs(": ", j->out);
	j->after_key = true;
}

/* The escape for byte C of a string, or NULL if it stands for itself. */
static const char *escape_of(unsigned char c)
{
	switch (c) {
	case '"':  return "\\\"";
	case '\\': return "\\\\";
	case '\n': return "\\n";
	case '\t': return "\\t";
	case '\r': return "\\r";
	default:   return NULL;
	}
}

/* Runs of bytes that stand for themselves go out in one write: names are
 * most of a JSON report, and a write per character took most of its time. */
static void write_escaped(FILE *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;

	fputc('"', out);
	while (p < end) {
		const char *esc = escape_of(*p);
		size_t len = esc == NULL && *p >= 0x20 ? utf8_length(p, (size_t)(end - p)) : 0;

		if (len > 0) {
			p += len;
			continue;
		}
		fwrite(run, 1, (size_t)(p - run), out);
		if (esc != NULL)
			fputs(esc, out);
		else if (*p < 0x20)
			fprintf(out, "\\u%04x", *p);
		else
			fputs("\\ufffd", out);
		run = ++p;
	}
	fwrite(run, 1, (size_t)(p - run), out);
	fputc('"', out);
}

void json_string_len(struct json *j, const char *s, size_t len)
{
	separate(j);
	write_escaped(j->out, s, len);
}

void json_string(struct json *j, const char *s)
{
	if (s == NULL)
		json_null(j);
	else
		json_string_len(j, s, strlen(s));
}

void json_int(struct json *j, __int128 v)
{
	char digits[NUMFMT_COUNT_MAX];

	separate(j);
	fwrite(digits, 1, numfmt_decimal(digits, v), j->out);
}

void json_uint(struct json *j, uint64_t v)
{
	separate(j);
	fprintf(j->out, "%" PRIu64, v);
}

void json_double(struct json *j, double v)
{
	char buf[32];

	if (!isfinite(v)) {
		json_null(j);
		return;
	}
	separate(j);
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	/* "1e+20" is JSON, "inf" is not: only finite values get here. */
	fputs(buf, j->out);
}

void json_bool(struct json *j, bool v)
{
	separate(j);
	fputs(v ? "true" : "false", j->out);
}

void json_null(struct json *j)
{
	separate(j);
	fputs("null", j->out);
}
