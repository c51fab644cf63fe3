/* Telling a profile's format from its first lines, not from its name. */
#ifndef CGA_DETECT_H
#define CGA_DETECT_H

#include <stddef.h>

enum profile_kind {
	KIND_CALLGRIND,   /* Callgrind or Cachegrind format, or nothing known */
	KIND_APROF,       /* an aprof report */
};

/* The kind of the profile that starts with DATA (LEN bytes, possibly cut
 * in the middle of a line). */
enum profile_kind detect_kind(const char *data, size_t len);

#endif
