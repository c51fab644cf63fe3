/* Text for GitHub-flavoured Markdown, in table cells: whatever a profile's
 * names hold, a cell stays one cell of one row, and nothing in it is
 * taken for HTML or Markdown. */
#ifndef CGA_FMT_MARKDOWN_H
#define CGA_FMT_MARKDOWN_H

#include <stdio.h>

/* S as a code span: between backticks one more than its longest run of
 * them (with a space inside where it starts or ends with one), "|" as
 * "\|" (a table cell's escape, which GFM takes out of code spans too),
 * and what is not text (control characters, bytes that are not UTF-8)
 * as U+FFFD. */
void md_code(FILE *out, const char *s);

/* NAME in a code span, shortened to MAX characters as name_shorten does;
 * a shortened one inside <span title="NAME">, its full name on hover. */
void md_name(FILE *out, const char *name, size_t max);

/* S for an HTML attribute's value in double quotes, in a table cell:
 * & < > " ' and | as character references, what is not text as
 * U+FFFD. */
void md_attr(FILE *out, const char *s);

#endif
