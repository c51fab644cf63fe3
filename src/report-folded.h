/* The --format=folded report: estimated call stacks, one a line, root
 * first, "frame;frame;...;frame COUNT", the input of flamegraph.pl, inferno
 * and speedscope. */
#ifndef CGA_REPORT_FOLDED_H
#define CGA_REPORT_FOLDED_H

#include <stdio.h>

#include "model-profile.h"

/* Write the stacks of P for event EVENT to OUT: frames are function names
 * (with ';' written as ':' and a newline as a space), lines in byte order,
 * each stack once, none with a count of 0. */
void report_folded(FILE *out, struct profile *p, size_t event);

#endif
