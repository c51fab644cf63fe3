#include "fmt-xml.h"

#include <stdbool.h>
#include <string.h>

#include "fmt-utf8.h"
#include "xalloc.h"

static const char replacement[] = "\xef\xbf\xbd";   /* U+FFFD */

/* The length of the character at S (N > 0 bytes left): a valid UTF-8
 * sequence, else one byte.  *TEXT tells whether XML 1.0 allows it: valid,
 * not a control character other than tab, newline and carriage return, not
 * U+FFFE or U+FFFF. */
static size_t char_length(const unsigned char *s, size_t n, bool *text)
{
	size_t len = utf8_length(s, n);

	if (len > 1)
		*text = !(len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe);
	else
		*text = len == 1 && (*s >= 0x20 || *s == '\t' || *s == '\n' || *s == '\r') &&
			*s != 0x7f;
	return len ? len : 1;
}

static const char *reference_of(unsigned char c)
{
	switch (c) {
	case '&':  return "&amp;";
	case '<':  return "&lt;";
	case '>':  return "&gt;";
	case '"':  return "&quot;";
	case '\'': return "&#39;";
	default:   return NULL;
	}
}

void xml_escape(FILE *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n, *run = p;

	while (p < end) {
		const char *ref = reference_of(*p);
		bool text;
		size_t len;

		if (ref == NULL && *p >= 0x20 && *p < 0x7f) {
			p++;
			continue;
		}
		len = ref != NULL ? 1 : char_length(p, (size_t)(end - p), &text);
		if (ref == NULL && text) {
			p += len;
			continue;
		}
		fwrite(run, 1, (size_t)(p - run), out);
		fputs(ref != NULL ? ref : replacement, out);
		p += len;
		run = p;
	}
	fwrite(run, 1, (size_t)(p - run), out);
}

void xml_puts(FILE *out, const char *s)
{
	xml_escape(out, s, strlen(s));
}

char *xml_clean(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), o = 0;
	char *t = xmalloc(3 * n + 1);

	while (n > 0) {
		bool text;
		size_t len = char_length(p, n, &text);

		if (text) {
			memcpy(t + o, p, len);
			o += len;
		} else {
			memcpy(t + o, replacement, 3);
			o += 3;
		}
		p += len;
		n -= len;
	}
	t[o] = '\0';
	return t;
}

size_t xml_nchars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

size_t xml_char_offset(const char *s, size_t k)
{
	size_t i = 0;

	for (; s[i]; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80 && k-- == 0)
			break;
	return i;
}

void xml_cdata(FILE *out, const char *text, size_t n)
{
	const char *end = text + n, *at;

	fputs("<![CDATA[", out);
	while ((at = memmem(text, (size_t)(end - text), "]]>", 3)) != NULL) {
		fwrite(text, 1, (size_t)(at - text) + 2, out);
		fputs("]]><![CDATA[", out);
		text = at + 2;
	}
	fwrite(text, 1, (size_t)(end - text), out);
	fputs("]]>", out);
}
