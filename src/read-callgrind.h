/* The reader of Callgrind-format profiles (and of Cachegrind's subset of
 * the format): fills a struct profile from a file. */
#ifndef CGA_READ_CALLGRIND_H
#define CGA_READ_CALLGRIND_H

#include "read-input.h"
#include "model-profile.h"

/* Read the profile from IN (opened on P->path) into P, which the caller
 * has initialised and configured (annotate_all, annotate_names,
 * strip_prefix); the caller closes IN.  Malformed lines
 * are reported on stderr and skipped; an unusable file is fatal (EXIT_INPUT). */
void callgrind_read(struct profile *p, struct input *in);

#endif
