#include "fmt-xml.h"

#include <stdbool.h>
#include <string.h>

#include "fmt-utf8.h"
#include "xalloc.h"

/* The control characters XML 1.0 allows. */
static const char xml_controls[] = "\t\n\r";

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
		len = ref != NULL ? 1 : utf8_char(p, (size_t)(end - p), xml_controls, &text);
		if (ref == NULL && text) {
			p += len;
			continue;
		}
		fwrite(run, 1, (size_t)(p - run), out);
		fputs(ref != NULL ? ref : utf8_replacement, out);
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
	return utf8_clean(s, xml_controls);
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
