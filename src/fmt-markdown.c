#include "fmt-markdown.h"

#include <stdlib.h>
#include <string.h>

#include "fmt-name.h"
#include "fmt-utf8.h"
#include "xalloc.h"

void md_code(FILE *out, const char *s)
{
	char *clean = utf8_clean(s, "");
	size_t run = 0, longest = 0, len = strlen(clean);
	bool pad;

	for (const char *p = clean; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	/* A span of nothing but spaces keeps them; one that starts or ends
	 * with a backtick or a space needs one inside its backticks. */
	pad = len > 0 && (clean[0] == '`' || clean[len - 1] == '`' ||
			  ((clean[0] == ' ' || clean[len - 1] == ' ') && strspn(clean, " ") != len));
	for (size_t i = 0; i <= longest; i++)
		fputc('`', out);
	if (pad)
		fputc(' ', out);
	for (const char *p = clean; *p; p++) {
		if (*p == '|')
			fputc('\\', out);
		fputc(*p, out);
	}
	if (pad)
		fputc(' ', out);
	for (size_t i = 0; i <= longest; i++)
		fputc('`', out);
	free(clean);
}

void md_attr(FILE *out, const char *s)
{
	char *clean = utf8_clean(s, "");

	for (const char *p = clean; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		case '|': fputs("&#124;", out); break;
		/* Not a Markdown escape in an attribute, but one before a
		 * pipe would be taken for the cell's. */
		case '\\': fputs("&#92;", out); break;
		case '`': fputs("&#96;", out); break;
		default: fputc(*p, out);
		}
	}
	free(clean);
}

void md_name(FILE *out, const char *name, size_t max)
{
	char *shown = name_shorten(name, max);

	if (strcmp(shown, name) == 0) {
		md_code(out, name);
	} else {
		fputs("<span title=\"", out);
		md_attr(out, name);
		fputs("\">", out);
		md_code(out, shown);
		fputs("</span>", out);
	}
	free(shown);
}
