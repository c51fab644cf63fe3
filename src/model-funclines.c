#include "model-funclines.h"

#include <stdlib.h>
#include <string.h>

struct line_entry *func_lines_at(struct func_lines **fl, struct arena *a, uint64_t line,
				 uint64_t addr)
{
	struct func_lines *t = *fl;
	struct line_entry *e;
	size_t before, i;

	if (t == NULL) {
		t = *fl = arena_alloc(a, sizeof(*t));
		memset(t, 0, sizeof(*t));
		linetab_init(&t->lines);
	}
	before = t->lines.count;
	e = linetab_get(&t->lines, line);
	i = (size_t)(e - t->lines.entries);
	if (t->lines.count != before) {
		xgrow(&t->low, &t->low_cap, t->lines.count, sizeof(*t->low));
		t->low[i] = FUNC_LINES_NO_ADDRESS;
	}
	if (addr < t->low[i])
		t->low[i] = addr;
	return e;
}

void func_lines_release(struct func_lines *fl)
{
	if (fl == NULL)
		return;
	linetab_release(&fl->lines);
	free(fl->low);
	fl->low = NULL;
	fl->low_cap = 0;
}
