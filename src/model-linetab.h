/* A map from line number to that line's data in one source file: its self
 * cost and the calls made from it.  Open addressing, because the reader
 * touches it for nearly every cost line. */
#ifndef CGA_MODEL_LINETAB_H
#define CGA_MODEL_LINETAB_H

#include <stddef.h>
#include <stdint.h>

#include "model-cells.h"

struct func;

/* One call made from a line, aggregated per (caller, callee). */
struct call_site {
	struct func *caller;
	struct func *callee;
	cost_t count;
	cell_t *cost;              /* with the profile's spill */
	struct call_site *next;
};

struct line_entry {
	uint64_t line;
	cell_t *cost;              /* self cost, with the profile's spill; NULL when
				      only calls were seen */
	struct call_site *sites;   /* in order of first appearance: the first
				      one's caller is the first function
				      calling from here */
};

struct linetab {
	struct line_entry *entries;   /* dense, in insertion order */
	size_t count, cap;
	uint32_t *slots;              /* index + 1 into entries; 0 = empty */
	size_t nslots;                /* power of two */
	size_t last;                  /* entry found last: consecutive cost lines often share a line */
};

void linetab_init(struct linetab *t);
void linetab_release(struct linetab *t);
/* The entry for LINE, created empty if missing.  The pointer is valid until
 * the next call that creates an entry. */
struct line_entry *linetab_get(struct linetab *t, uint64_t line);
/* The entry for LINE or NULL. */
struct line_entry *linetab_find(const struct linetab *t, uint64_t line);

#endif
