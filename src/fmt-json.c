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

void json_init_page(struct json *j, FILE *out)
{
	json_init(j, out);
	j->page = true;
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
	if (j->depth == 0 || j->page)
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
	if (!empty && !one_line && !j->page)
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

static void write_escaped(FILE *out, const char *s, size_t n, bool page);

void json_key(struct json *j, const char *key)
{
	separate(j);
	write_escaped(j->out, key, strlen(key), j->page);
	fputs(j->page ? ":" : ": ", j->out);
	j->after_key = true;
}

/* The escape for byte C of a string, or NULL if it stands for itself;
 * PAGE: in a page's <script> element. */
static const char *escape_of(unsigned char c, bool page)
{
	switch (c) {
	case '"':  return "\\\"";
	case '\\': return "\\\\";
	case '\n': return "\\n";
	case '\t': return "\\t";
	case '\r': return "\\r";
	case '<':  return page ? "\\u003c" : NULL;
	case '>':  return page ? "\\u003e" : NULL;
	case '&':  return page ? "\\u0026" : NULL;
	default:   return NULL;
	}
}

/* U+2028 and U+2029 end a line in JavaScript before ES2019. */
static bool line_separator(const unsigned char *p, size_t len)
{
	return len == 3 && p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9);
}

/* Runs of bytes that stand for themselves go out in one write: names are
 * most of a JSON report, and a write per character took most of its time. */
static void write_escaped(FILE *out, const char *s, size_t n, bool page)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;

	fputc('"', out);
	while (p < end) {
		const char *esc = escape_of(*p, page);
		size_t len = esc == NULL && *p >= 0x20 ? utf8_length(p, (size_t)(end - p)) : 0;

		if (len > 0 && !(page && line_separator(p, len))) {
			p += len;
			continue;
		}
		fwrite(run, 1, (size_t)(p - run), out);
		if (len > 0) {
			fprintf(out, "\\u%04x", p[2] == 0xa8 ? 0x2028 : 0x2029);
			run = p += len;
			continue;
		}
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
	write_escaped(j->out, s, len, j->page);
}

void json_string(struct json *j, const char *s)
{
	if (s == NULL)
		json_null(j);
	else
		json_string_len(j, s, strlen(s));
}

/* The largest integer a JavaScript number holds exactly. */
#define SAFE_INTEGER (((__int128)1 << 53) - 1)

void json_int(struct json *j, __int128 v)
{
	char digits[NUMFMT_COUNT_MAX];
	bool quote = j->page && (v > SAFE_INTEGER || v < -SAFE_INTEGER);

	separate(j);
	if (quote)
		fputc('"', j->out);
	fwrite(digits, 1, numfmt_decimal(digits, v), j->out);
	if (quote)
		fputc('"', j->out);
}

void json_uint(struct json *j, uint64_t v)
{
	json_int(j, v);
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
