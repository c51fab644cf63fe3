/* The --format=folded report: estimated call stacks, one a line, root
 * first, "frame;frame;...;frame COUNT", the input of flamegraph.pl, inferno
 * and speedscope. */
#ifndef CGA_REPORT_FOLDED_H
#define CGA_REPORT_FOLDED_H

#include <stdio.h>

#include "calc-stacks.h"

/* Write the shown stacks of S to OUT: frames are function names (with ';'
 * written as ':' and a newline as a space), lines in byte order, each
 * stack once (functions of one name make one frame), none with a count of
 * 0. */
void report_folded(FILE *out, const struct stacks *s);

#endif
