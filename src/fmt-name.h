/* Long names made short for labels and narrow reports: C++ template
 * arguments to <…>, then the parameter list to (…), then the middle to …,
 * as gprof2dot and KCachegrind shorten them. */
#ifndef CGA_FMT_NAME_H
#define CGA_FMT_NAME_H

#include <stddef.h>

/* The length beyond which a name is shortened for a label: a node of the
 * call graph, a frame of a flame graph, a name in the page's lists (the
 * full name is on hover and on the function's page). */
#define NAME_LABEL_MAX 60

/* How many characters S has (bytes that start a UTF-8 sequence). */
size_t name_chars(const char *s);

/* S if it has at most MAX characters; else its first (MAX - 1) / 3 and its
 * last characters around "…", MAX characters in all (no character is cut
 * in two).  A new string, which the caller frees. */
char *name_cut_middle(const char *s, size_t max);

/* NAME if it has at most MAX characters; else with the argument list of
 * every outermost template cut to "<…>" ("operator<" and "operator<<" are
 * names, not brackets); if still too long, also its parameter list (the
 * last parenthesised group, when nothing but qualifiers such as " const"
 * or callgrind's "'2" follows it) cut to "(…)"; if still too long, cut in
 * the middle as name_cut_middle does.  A new string, which the caller
 * frees. */
char *name_shorten(const char *name, size_t max);

#endif
