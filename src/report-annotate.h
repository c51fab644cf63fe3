/* Annotated source files: each chosen file printed with the counts of its
 * lines, the calls made from them, context windows, and the warnings
 * callgrind_annotate gives about stale or mismatched sources. */
#ifndef CGA_REPORT_ANNOTATE_H
#define CGA_REPORT_ANNOTATE_H

#include <stdio.h>

#include "report-columns.h"
#include "options.h"
#include "model-profile.h"
#include "calc-table.h"

/* Annotate the user-named files (command-line order), then with --auto=yes
 * the files of the table's shown rows (order of first appearance), then
 * list the files not found and the total of the counts shown.  May change
 * T->summary (the last block's percentages are relative to what was shown). */
void annotate_sources(FILE *out, struct profile *p, const struct options *opt,
		      const struct columns *c, struct table *t);

/* Open source file NAME in the first include directory that has it (its
 * path in *PATH, for the caller to free; the directory in *DIR unless DIR
 * is NULL), or NULL.  A directory of that name is not it: it would read as
 * an empty file. */
FILE *annotate_open_source(const struct options *opt, const char *name, char **path,
			   const char **dir);

#endif
