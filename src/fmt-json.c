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

void json_flush(struct json *j)
{
	if (j->len > 0)
		fwrite(j->buf, 1, j->len, j->out);
	j->len = 0;
}

static void put(struct json *j, const void *s, size_t n)
{
	if (n > sizeof(j->buf) - j->len) {
		json_flush(j);
		if (n > sizeof(j->buf)) {
			fwrite(s, 1, n, j->out);
			return;
		}
	}
	memcpy(j->buf + j->len, s, n);
	j->len += n;
}

static void putch(struct json *j, char c)
{
	if (j->len == sizeof(j->buf))
		json_flush(j);
	j->buf[j->len++] = c;
}

static void putstr(struct json *j, const char *s)
{
	put(j, s, strlen(s));
}

void json_finish(struct json *j)
{
	putch(j, '\n');
	json_flush(j);
}

/* One write for the line end and the indentation: the output is mostly
 * short lines, and a write per level took as long as all the rest. */
static void newline_indent(struct json *j)
{
	static const char line[] = "\n"
		"                                                                ";

	_Static_assert(sizeof(line) >= 2 + 2 * JSON_MAX_DEPTH, "indentation for every level");
	put(j, line, 1 + 2 * (size_t)j->depth);
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
		putch(j, ',');
	if (j->depth == 0 || j->page)
		return;
	if (!j->inline_[j->depth])
		newline_indent(j);
	else if (!first)
		putch(j, ' ');
}

static void open_level(struct json *j, char bracket, bool one_line)
{
	separate(j);
	putch(j, bracket);
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
	putch(j, bracket);
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

static void write_escaped(struct json *j, const char *s, size_t n);

void json_key_len(struct json *j, const char *key, size_t len)
{
	separate(j);
	write_escaped(j, key, len);
	put(j, ": ", j->page ? 1 : 2);
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

/* Whether byte C stands for itself: printable ASCII that is not escaped
 * ('"' and '\\', and in a page '<', '>' and '&').  One bit per byte below
 * 128, in and out of a page: one test per byte of the names. */
static inline bool plain_byte(unsigned char c, bool page)
{
	static const uint64_t plain[2][2] = {
		{ 0xfffffffb00000000u, 0xffffffffefffffffu },
		{ 0xafffffbb00000000u, 0xffffffffefffffffu },
	};

	return c < 0x80 && (plain[page][c >> 6] >> (c & 63) & 1);
}

/* Runs of bytes that stand for themselves go out in one write: names are
 * most of a JSON report, and a write per character took most of its time. */
static void write_escaped(struct json *j, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;
	bool page = j->page;
	char esc_buf[8];

	putch(j, '"');
	while (p < end) {
		const char *esc;

		/* Most bytes of names: no escape, no UTF-8 to check. */
		if (plain_byte(*p, page)) {
			p++;
			continue;
		}
		esc = escape_of(*p, page);
		size_t len = esc == NULL && *p >= 0x20 ? utf8_length(p, (size_t)(end - p)) : 0;

		if (len > 0 && !(page && line_separator(p, len))) {
			p += len;
			continue;
		}
		put(j, run, (size_t)(p - run));
		if (len > 0) {
			putstr(j, p[2] == 0xa8 ? "\\u2028" : "\\u2029");
			run = p += len;
			continue;
		}
		if (esc != NULL) {
			putstr(j, esc);
		} else if (*p < 0x20) {
			snprintf(esc_buf, sizeof(esc_buf), "\\u%04x", *p);
			putstr(j, esc_buf);
		} else {
			putstr(j, "\\ufffd");
		}
		run = ++p;
	}
	put(j, run, (size_t)(p - run));
	putch(j, '"');
}

void json_string_len(struct json *j, const char *s, size_t len)
{
	separate(j);
	write_escaped(j, s, len);
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

/* The decimal digits of V, ending at END; returns where they start. */
static inline char *u64_digits(char *end, uint64_t v)
{
	static const char pairs[] =
		"0001020304050607080910111213141516171819"
		"2021222324252627282930313233343536373839"
		"4041424344454647484950515253545556575859"
		"6061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";

	while (v >= 100) {
		end -= 2;
		memcpy(end, pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, pairs + 2 * v, 2);
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

/* Values of inline arrays -- cost vectors and the flame tree's nodes, most
 * of a report, and all numbers -- go straight into the buffer: ROOM makes
 * room for BYTES and gives where they go, inline_separate writes there
 * the separator separate would write before the next value, and
 * room_used takes what was written up to END. */
static char *room(struct json *j, size_t bytes)
{
	if (sizeof(j->buf) - j->len < bytes)
		json_flush(j);
	return j->buf + j->len;
}

static char *inline_separate(struct json *j, char *p)
{
	if (!j->first[j->depth]) {
		*p++ = ',';
		if (!j->page)
			*p++ = ' ';
	}
	j->first[j->depth] = false;
	return p;
}

static void room_used(struct json *j, char *end)
{
	j->len = (size_t)(end - j->buf);
}

/* Whether the next value is one of an inline array, which no key names. */
static bool in_inline_array(const struct json *j)
{
	return j->depth > 0 && j->inline_[j->depth] && !j->after_key;
}

/* TEXT (at most 20 bytes) as the next value of an inline array. */
static void put_inline(struct json *j, const char *text, size_t n)
{
	char *p = inline_separate(j, room(j, n + 2));

	memcpy(p, text, n);
	room_used(j, p + n);
}

/* The number of decimal digits of V: from its bits, a guess one short at
 * most, then one comparison (V | 1: 0 has one digit too, and no power of
 * ten above 1 is odd). */
static size_t u64_width(uint64_t v)
{
	static const uint64_t tens[20] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
		10000000000u, 100000000000u, 1000000000000u, 10000000000000u,
		100000000000000u, 1000000000000000u, 10000000000000000u,
		100000000000000000u, 1000000000000000000u, 10000000000000000000u,
	};
	/* floor(log10(2^bits)) for the bits of V: 1233 / 4096 is log10(2) from below. */
	size_t guess = (size_t)(64 - __builtin_clzll(v | 1)) * 1233 >> 12;

	return guess + ((v | 1) >= tens[guess]);
}

/* The digits of V at P; returns their end. */
static char *digits_at(char *p, uint64_t v)
{
	size_t w = u64_width(v);

	u64_digits(p + w, v);
	return p + w;
}

/* Room for a whole number of up to 20 digits and the separator before it,
 * and the most numbers a row writes at once. */
#define NUMBER_ROOM (2 + 20)
#define ROW_MAX (JSON_BUFFER / NUMBER_ROOM)

/* V as the next value of an inline array. */
static void put_inline_uint(struct json *j, uint64_t v)
{
	room_used(j, digits_at(inline_separate(j, room(j, NUMBER_ROOM)), v));
}

void json_int(struct json *j, __int128 v)
{
	char digits[NUMFMT_COUNT_MAX], *end = digits + sizeof(digits) - 1, *start;
	bool quote = j->page && (v > SAFE_INTEGER || v < -SAFE_INTEGER);

	if (v >= 0 && v <= SAFE_INTEGER && in_inline_array(j)) {
		put_inline_uint(j, (uint64_t)v);
		return;
	}
	separate(j);
	if (quote)
		putch(j, '"');
	if (v >= -(__int128)UINT64_MAX && v <= (__int128)UINT64_MAX) {
		start = u64_digits(end, (uint64_t)(v < 0 ? -v : v));
		if (v < 0)
			*--start = '-';
		put(j, start, (size_t)(end - start));
	} else {
		put(j, digits, numfmt_decimal(digits, v));
	}
	if (quote)
		putch(j, '"');
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
	putstr(j, buf);
}

void json_bool(struct json *j, bool v)
{
	separate(j);
	putstr(j, v ? "true" : "false");
}

void json_null(struct json *j)
{
	separate(j);
	putstr(j, "null");
}

/* Whether the N counts of V (NULL: all absent) are each absent or a
 * whole number a JavaScript number holds. */
static bool plain_counts(const __int128 *v, size_t n)
{
	for (size_t i = 0; v != NULL && i < n; i++)
		if (v[i] != COST_ABSENT && (v[i] < 0 || v[i] > SAFE_INTEGER))
			return false;
	return true;
}

void json_cost(struct json *j, const __int128 *v, size_t n)
{
	char *p;

	json_begin_inline_array(j);
	if (n > ROW_MAX || !plain_counts(v, n)) {
		for (size_t i = 0; i < n; i++) {
			if (v == NULL || v[i] == COST_ABSENT)
				put_inline(j, "null", 4);
			else
				json_int(j, v[i]);
		}
		json_end_array(j);
		return;
	}
	/* The row at once: one room for it all. */
	p = room(j, n * NUMBER_ROOM);
	for (size_t i = 0; i < n; i++) {
		p = inline_separate(j, p);
		if (v == NULL || v[i] == COST_ABSENT) {
			memcpy(p, "null", 4);
			p += 4;
		} else {
			p = digits_at(p, (uint64_t)v[i]);
		}
	}
	room_used(j, p);
	json_end_array(j);
}

void json_uints(struct json *j, const uint64_t *v, size_t n)
{
	bool plain = n <= ROW_MAX && in_inline_array(j);
	char *p;

	for (size_t i = 0; i < n && plain; i++)
		plain = v[i] <= SAFE_INTEGER;
	if (!plain) {
		for (size_t i = 0; i < n; i++)
			json_int(j, v[i]);
		return;
	}
	p = room(j, n * NUMBER_ROOM);
	for (size_t i = 0; i < n; i++)
		p = digits_at(inline_separate(j, p), v[i]);
	room_used(j, p);
}
