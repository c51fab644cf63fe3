#include "model-linetab.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

void linetab_init(struct linetab *t)
{
	memset(t, 0, sizeof(*t));
}

void linetab_release(struct linetab *t)
{
	free(t->entries);
	free(t->slots);
	linetab_init(t);
}

static size_t slot_of(uint64_t line, size_t nslots)
{
	uint64_t h = line * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 32) & (nslots - 1);
}

static void rehash(struct linetab *t, size_t nslots)
{
	free(t->slots);
	t->slots = xcalloc_written(nslots, sizeof(*t->slots));
	t->nslots = nslots;
	for (size_t i = 0; i < t->count; i++) {
		size_t s = slot_of(t->entries[i].line, nslots);

		while (t->slots[s] != 0)
			s = (s + 1) & (nslots - 1);
		t->slots[s] = (uint32_t)(i + 1);
	}
}

struct line_entry *linetab_find(const struct linetab *t, uint64_t line)
{
	if (t->nslots == 0)
		return NULL;
	for (size_t s = slot_of(line, t->nslots);; s = (s + 1) & (t->nslots - 1)) {
		uint32_t idx = t->slots[s];

		if (idx == 0)
			return NULL;
		if (t->entries[idx - 1].line == line)
			return &t->entries[idx - 1];
	}
}

struct line_entry *linetab_get(struct linetab *t, uint64_t line)
{
	struct line_entry *e;
	size_t s;

	if (t->last < t->count && t->entries[t->last].line == line)
		return &t->entries[t->last];
	e = linetab_find(t, line);
	if (e != NULL) {
		t->last = (size_t)(e - t->entries);
		return e;
	}
	if (t->count == UINT32_MAX - 1)
		die(EXIT_INPUT, "too many distinct source lines in one file");
	if ((t->count + 1) * 2 > t->nslots)
		rehash(t, t->nslots ? t->nslots * 2 : 64);
	xgrow(&t->entries, &t->cap, t->count + 1, sizeof(*t->entries));
	e = &t->entries[t->count];
	memset(e, 0, sizeof(*e));
	e->line = line;
	for (s = slot_of(line, t->nslots); t->slots[s] != 0; s = (s + 1) & (t->nslots - 1))
		;
	t->slots[s] = (uint32_t)++t->count;
	t->last = t->count - 1;
	return e;
}
