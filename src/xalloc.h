/* Allocation that never returns NULL: on exhaustion or size overflow the
 * program dies, so callers need no checks.  Also a bump arena for the bulk
 * data of a profile (names, cost vectors), freed all at once. */
#ifndef CGA_XALLOC_H
#define CGA_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
/* xcalloc for a table that is read before it is written (a hash table):
 * zeroed by writing.  calloc's fresh pages read as the shared zero page,
 * and the first write to each then flushes the TLB of every CPU the
 * process runs on, which costs more than the writing once a second
 * thread runs (read-ahead.c). */
void *xcalloc_written(size_t n, size_t size);
/* Resize PTR to N elements of SIZE bytes, checking N * SIZE for overflow. */
void *xreallocarray(void *ptr, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into a new heap string; the caller frees it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *ARRAY (of elements of SIZE bytes, *CAP allocated) to hold at least
 * NEED elements. */
void xgrow(void *array, size_t *cap, size_t need, size_t size);

struct arena_block;

struct arena {
	struct arena_block *head;
	char *next;   /* first free byte in head */
	char *end;    /* end of head */
};

/* An arena owns everything allocated from it; arena_release frees it all. */
void arena_init(struct arena *a);
void arena_release(struct arena *a);
/* SIZE bytes aligned for any type, uninitialised. */
void *arena_alloc(struct arena *a, size_t size);
/* SIZE bytes aligned to ALIGN, a power of two no greater than that of
 * max_align_t: for many small objects that need less. */
void *arena_alloc_aligned(struct arena *a, size_t size, size_t align);
char *arena_strndup(struct arena *a, const char *s, size_t n);

#endif
