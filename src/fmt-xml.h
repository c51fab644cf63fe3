/* Text for XML and HTML documents (the SVG flame graph, the HTML report):
 * markup characters escaped, and what is no text in XML 1.0 replaced by
 * U+FFFD, so that a document stays well formed whatever bytes a profile's
 * names hold: control characters (which XML forbids even as &#N;), bytes
 * that are not valid UTF-8, U+FFFE and U+FFFF. */
#ifndef CGA_FMT_XML_H
#define CGA_FMT_XML_H

#include <stddef.h>
#include <stdio.h>

/* Write S[0..N) to OUT, escaped for XML or HTML text and attribute
 * values (&, <, >, " and ' as references). */
void xml_escape(FILE *out, const char *s, size_t n);
void xml_puts(FILE *out, const char *s);

/* S with what is no text replaced by U+FFFD, and not escaped.  A new
 * string. */
char *xml_clean(const char *s);

/* Write TEXT[0..N) (a script or a style sheet) as the content of a CDATA
 * section: each "]]>" in it is split over two sections. */
void xml_cdata(FILE *out, const char *text, size_t n);

#endif
