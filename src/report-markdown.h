/* The --format=markdown report: GitHub-flavoured Markdown for a CI job's
 * summary ($GITHUB_STEP_SUMMARY) or a merge request's comment: a line
 * that says what was profiled, the function table, and in a diff the
 * verdicts of the gates. */
#ifndef CGA_REPORT_MARKDOWN_H
#define CGA_REPORT_MARKDOWN_H

#include <stdio.h>

#include "calc-gate.h"
#include "calc-table.h"
#include "model-profile.h"
#include "options.h"
#include "report-columns.h"

/* Write P's table T (built with C's sort events, OPT's threshold and
 * --inclusive) to OUT, with G's verdicts (G may be NULL). */
void report_markdown(FILE *out, const struct profile *p, const struct options *opt,
		     const struct columns *c, const struct table *t, const struct gates *g);

#endif
