/* UTF-8 validity, for the writers whose output must be valid UTF-8 (JSON,
 * DOT) whatever bytes the profile's names hold. */
#ifndef CGA_FMT_UTF8_H
#define CGA_FMT_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* U+FFFD, what stands for a character that is not text. */
extern const char utf8_replacement[];

/* Length of the valid UTF-8 sequence at S (at most N bytes, N > 0), or 0
 * when S does not start one (overlong forms and surrogates are invalid). */
size_t utf8_length(const unsigned char *s, size_t n);

/* The length of the character at S (N > 0 bytes left): a valid UTF-8
 * sequence, else one byte.  *TEXT tells whether it is text: valid, and
 * neither a control character (but those in KEEP) nor U+FFFE or U+FFFF,
 * which XML (and so SVG) forbids. */
size_t utf8_char(const unsigned char *s, size_t n, const char *keep, bool *text);

/* S with every character that is not text (see utf8_char) replaced by
 * U+FFFD.  A new string. */
char *utf8_clean(const char *s, const char *keep);

#endif
