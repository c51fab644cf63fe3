/* --mod-filename and --mod-funcname: sed-like "s/REGEX/REPLACEMENT/[gi]"
 * rules (POSIX extended regular expressions) that rewrite names as they are
 * read, before anything is aggregated by name. */
#ifndef CGA_MODEL_RENAME_H
#define CGA_MODEL_RENAME_H

#include <stddef.h>

struct rename;

/* Compile the rules EXPRS[0..N), applied in order; NULL when N is 0.
 * Dies with EXIT_USAGE naming OPTION on an invalid rule. */
struct rename *rename_new(char *const *exprs, size_t n, const char *option);
void rename_free(struct rename *r);

/* S[0..LEN) after the rules: NULL when no rule matched, else a new string
 * (the caller frees it) of length *OUTLEN. */
char *rename_apply(const struct rename *r, const char *s, size_t len, size_t *outlen);

#endif
