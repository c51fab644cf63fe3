/* The verdicts of --fail-above gates, in words: on standard error after
 * any report, and in the Markdown summary. */
#ifndef CGA_REPORT_GATE_H
#define CGA_REPORT_GATE_H

#include "calc-gate.h"

/* V in one line: the gate as given, its figure (OLD to NEW, the growth,
 * "≈" where estimated), its limit, and "passed" or "FAILED".  A new
 * string, of the profile's names as they are (the caller escapes them
 * for where they go). */
char *gate_verdict_line(const struct gate_verdict *v, unsigned long long min_change);

/* Every verdict of G on standard error ("cgannotate: gate ..."), names
 * cleaned of control characters.  Returns EXIT_GATE if a gate failed,
 * else EXIT_OK. */
int report_gates(const struct gates *g, unsigned long long min_change);

#endif
