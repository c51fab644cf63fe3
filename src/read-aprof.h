/* The reader of aprof reports of any format version (0 to 6). */
#ifndef CGA_READ_APROF_H
#define CGA_READ_APROF_H

#include "model-aprof.h"
#include "read-input.h"

/* Read the whole report from IN, then attribute points to routines and
 * contexts, and compute totals and fits.  Malformed lines are reported on
 * stderr as "FILE:LINE: ..." and skipped (counted in a->skipped). */
void aprof_read(struct aprof *a, struct input *in);

#endif
