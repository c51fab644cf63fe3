/* One JSON writer for every --format=json report: indentation, commas and
 * string escaping live here and nowhere else. */
#ifndef CGA_FMT_JSON_H
#define CGA_FMT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define JSON_MAX_DEPTH 32
#define JSON_BUFFER 8192

struct json {
	FILE *out;
	size_t len;                   /* bytes in buf, not yet written to out */
	char buf[JSON_BUFFER];        /* a write per comma and number cost more than the rest */
	int depth;
	bool first[JSON_MAX_DEPTH];   /* nothing written yet at this level */
	bool inline_[JSON_MAX_DEPTH]; /* this level is written on one line */
	bool after_key;               /* a key was written; its value comes next */
	bool page;                    /* for a <script> element of an HTML page (json_init_page) */
};

void json_init(struct json *j, FILE *out);
/* JSON for the content of an HTML <script type="application/json">
 * element: no white space; '<', '>', '&', U+2028 and U+2029 in strings
 * as \u escapes, so that no "</script>" or "<!--" can end or change the
 * element; integers of more than 53 bits as decimal strings, which
 * JavaScript's numbers would round. */
void json_init_page(struct json *j, FILE *out);
/* Ends the document with a newline, and writes out what is buffered. */
void json_finish(struct json *j);
/* Writes out what is buffered: before anything else writes to the stream. */
void json_flush(struct json *j);

void json_begin_object(struct json *j);
void json_end_object(struct json *j);
void json_begin_array(struct json *j);
/* An array written on one line, for short lists of numbers. */
void json_begin_inline_array(struct json *j);
void json_end_array(struct json *j);

/* KEY's length is known at compile time for the literals most keys are. */
#define json_key(j, key) json_key_len((j), (key), strlen(key))
void json_key_len(struct json *j, const char *key, size_t len);
/* NULL writes null.  Bytes that are not valid UTF-8 become U+FFFD, so the
 * document stays valid JSON whatever the profile's names contain. */
void json_string(struct json *j, const char *s);
void json_string_len(struct json *j, const char *s, size_t len);
/* Any integer up to 128 bits: JSON numbers have no range. */
void json_int(struct json *j, __int128 v);
void json_uint(struct json *j, uint64_t v);
/* Shortest text that reads back as V; non-finite values write null. */
void json_double(struct json *j, double v);
void json_bool(struct json *j, bool v);
void json_null(struct json *j);
/* The N counts V (NULL: all absent) as one line's array, an absent count
 * as null. */
void json_cost(struct json *j, const __int128 *v, size_t n);
/* The N numbers V as values of the array being written, as N json_uint
 * would write them. */
void json_uints(struct json *j, const uint64_t *v, size_t n);

#endif
