/* UTF-8 validity, for the writers whose output must be valid UTF-8 (JSON,
 * DOT) whatever bytes the profile's names hold. */
#ifndef CGA_FMT_UTF8_H
#define CGA_FMT_UTF8_H

#include <stddef.h>

/* Length of the valid UTF-8 sequence at S (at most N bytes, N > 0), or 0
 * when S does not start one (overlong forms and surrogates are invalid). */
size_t utf8_length(const unsigned char *s, size_t n);

#endif
