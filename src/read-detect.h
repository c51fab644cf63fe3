/* Telling a profile's format from its first lines, not from its name. */
#ifndef CGA_READ_DETECT_H
#define CGA_READ_DETECT_H

#include "read-input.h"

enum profile_kind {
	KIND_CALLGRIND,   /* Callgrind or Cachegrind format, or nothing known */
	KIND_APROF,       /* an aprof report */
};

/* The kind of the profile IN, from its first bytes (peeked, not consumed). */
enum profile_kind detect_kind(struct input *in);

#endif
