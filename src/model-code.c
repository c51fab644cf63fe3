#include "model-code.h"

#include <stdlib.h>
#include <string.h>

struct code *code_of(struct code **list, struct arena *a, const char *object)
{
	struct code *c;

	for (c = *list; c != NULL; c = c->next)
		if (c->object == object || strcmp(c->object, object) == 0)
			return c;
	c = arena_alloc(a, sizeof(*c));
	memset(c, 0, sizeof(*c));
	c->object = object;
	linetab_init(&c->instrs);
	c->next = *list;
	*list = c;
	return c;
}

void code_release(struct code *c)
{
	for (; c != NULL; c = c->next) {
		linetab_release(&c->instrs);
		free(c->info);
		c->info = NULL;
		c->info_cap = 0;
	}
}

struct line_entry *code_instr(struct code *c, uint64_t addr, struct instr_info **info)
{
	size_t before = c->instrs.count;
	struct line_entry *e = linetab_get(&c->instrs, addr);
	size_t i = (size_t)(e - c->instrs.entries);

	if (c->instrs.count != before) {
		xgrow(&c->info, &c->info_cap, c->instrs.count, sizeof(*c->info));
		memset(&c->info[i], 0, sizeof(c->info[i]));
	}
	*info = &c->info[i];
	return e;
}

ptrdiff_t code_find(const struct code *c, uint64_t addr)
{
	const struct line_entry *e = linetab_find(&c->instrs, addr);

	return e ? e - c->instrs.entries : -1;
}

bool code_add_jump(struct instr_info *info, struct arena *a, uint64_t target,
		   const struct pfile *to_file, const char *to_name,
		   cost_t taken, cost_t executed)
{
	struct jump **jp = &info->jumps;
	struct jump *j;

	while (*jp != NULL && ((*jp)->target != target || (*jp)->to_file != to_file ||
			       (*jp)->to_name != to_name ||
			       ((*jp)->executed == COST_ABSENT) != (executed == COST_ABSENT)))
		jp = &(*jp)->next;
	if (*jp == NULL) {
		j = arena_alloc(a, sizeof(*j));
		memset(j, 0, sizeof(*j));
		j->target = target;
		j->to_file = to_file;
		j->to_name = to_name;
		j->executed = executed == COST_ABSENT ? COST_ABSENT : 0;
		*jp = j;
	}
	j = *jp;
	j->taken += taken;
	if (executed != COST_ABSENT)
		j->executed += executed;
	return cost_in_range(j->taken) && (executed == COST_ABSENT || cost_in_range(j->executed));
}
