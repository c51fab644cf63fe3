/* Per-instruction data of the reader for --asm: addresses, source lines,
 * calls and jumps; and that nothing of it is kept unless asked for. */
#include "unit.h"

static void read_instr(struct profile *p, const char *text)
{
	profile_init(p, strdup("unit.out"));
	p->keep_instr = true;
	unit_read_more(p, text);
}

static const struct line_entry *instr(const struct func *f, uint64_t addr,
				      const struct instr_info **info)
{
	const struct code *c = f->code;
	ptrdiff_t i;

	ck_assert_ptr_nonnull(c);
	i = code_find(c, addr);
	ck_assert_msg(i >= 0, "no instruction at 0x%llx", (unsigned long long)addr);
	*info = &c->info[i];
	return &c->instrs.entries[i];
}

static const char jumps[] =
	"positions: instr line\n"
	"events: Ir\n"
	"ob=(1) /bin/prog\n"
	"fl=(1) a.c\n"
	"fn=(1) f\n"
	"0x1000 10 1\n"
	"jump=3 +16 +5\n"          /* to 0x1010 line 15: the next line is still relative to 0x1000 */
	"* *\n"
	"+4 11 2\n"
	"jcnd=7/9 -4 *\n"          /* Valgrind's TAKEN/EXECUTED */
	"* *\n"
	"jcnd=4 1 -4 *\n"          /* the format text's EXECUTED TAKEN: the same jump */
	"* *\n"
	"jfi=(2) b.c\n"
	"jfn=(2) g\n"
	"jump=1 0x2000 1\n"
	"* *\n"
	"jump=2 0x2000 1\n"        /* jfi=/jfn= named only the previous jump */
	"* *\n"
	"cfn=(2)\n"
	"calls=2 0x2000 1\n"
	"+1 * 20\n"
	"fi=(3) c.h\n"
	"+1 3 5\n";

START_TEST(test_jumps)
{
	struct profile p;
	const struct instr_info *info;
	const struct line_entry *e;
	const struct jump *j;
	struct func *f;

	read_instr(&p, jumps);
	f = unit_func(&p, "a.c:f");
	ck_assert_str_eq(f->code->object, "/bin/prog");
	ck_assert_ptr_null(f->code->next);
	ck_assert_uint_eq(f->code->instrs.count, 3);
	e = instr(f, 0x1000, &info);
	ck_assert_cost_eq(cells_get(&p.spill, e->cost, 0), 1);
	ck_assert_str_eq(info->file->name, "a.c");
	ck_assert_uint_eq(info->line, 10);
	j = info->jumps;
	ck_assert_uint_eq(j->target, 0x1010);
	ck_assert_cost_eq(j->taken, 3);
	ck_assert_cost_eq(j->executed, COST_ABSENT);
	ck_assert_ptr_null(j->next);

	e = instr(f, 0x1004, &info);
	ck_assert_cost_eq(cells_get(&p.spill, e->cost, 0), 2);
	ck_assert_uint_eq(info->line, 11);
	j = info->jumps;
	ck_assert_uint_eq(j->target, 0x1000);
	ck_assert_cost_eq(j->taken, 8);
	ck_assert_cost_eq(j->executed, 13);
	ck_assert_ptr_null(j->to_name);
	j = j->next;
	ck_assert_uint_eq(j->target, 0x2000);
	ck_assert_str_eq(j->to_name, "g");
	ck_assert_str_eq(j->to_file->name, "b.c");
	ck_assert_cost_eq(j->taken, 1);
	j = j->next;
	ck_assert_uint_eq(j->target, 0x2000);
	ck_assert_ptr_null(j->to_name);
	ck_assert_cost_eq(j->taken, 2);
	ck_assert_ptr_null(j->next);

	/* The call is at 0x1005, its cost the call's, not the instruction's. */
	e = instr(f, 0x1005, &info);
	ck_assert_ptr_null(e->cost);
	ck_assert_ptr_nonnull(e->sites);
	ck_assert_cost_eq(e->sites->count, 2);
	ck_assert_cost_eq(cells_get(&p.spill, e->sites->cost, 0), 20);
	ck_assert_str_eq(e->sites->callee->fullname, "a.c:g");

	/* Code inlined from c.h goes to that row of the table. */
	f = unit_func(&p, "c.h:f");
	e = instr(f, 0x1006, &info);
	ck_assert_cost_eq(cells_get(&p.spill, e->cost, 0), 5);
	ck_assert_str_eq(info->file->name, "c.h");
	ck_assert_uint_eq(info->line, 3);
	ck_assert(!p.instr_missing);
	unit_release(&p);
}
END_TEST

START_TEST(test_not_kept)
{
	struct profile p;

	unit_read(&p, jumps);
	ck_assert_ptr_null(unit_func(&p, "a.c:f")->code);
	ck_assert_ptr_null(unit_func(&p, "c.h:f")->code);
	ck_assert_cost_eq(unit_func(&p, "a.c:f")->self[0], 3);
	unit_release(&p);
}
END_TEST

START_TEST(test_no_addresses)
{
	struct profile p;

	read_instr(&p, "events: Ir\nfl=a.c\nfn=f\n3 1\n");
	ck_assert(p.instr_missing);
	ck_assert_ptr_null(unit_func(&p, "a.c:f")->code);
	unit_release(&p);
}
END_TEST

START_TEST(test_objects_and_diff)
{
	struct profile p;
	const struct instr_info *info;
	struct func *f;
	const struct code *c;

	/* A function of unknown name may gather the code of two objects. */
	read_instr(&p, "positions: instr\nevents: Ir\n"
		       "ob=x.so\nfn=0x0\n0x10 1\njcnd=1/2 +2\n*\n"
		       "ob=y.so\nfn=0x0\n0x10 4\n");
	p.negate = true;
	unit_read_more(&p, "positions: instr\nevents: Ir\nob=x.so\nfn=0x0\n0x10 1\njcnd=1/1 +2\n*\n");
	f = unit_func(&p, ":0x0");
	ck_assert_ptr_nonnull(f->code->next);
	for (c = f->code; strcmp(c->object, "x.so") != 0; c = c->next)
		;
	info = &c->info[code_find(c, 0x10)];
	ck_assert_uint_eq(info->line, 0);
	ck_assert_ptr_null(info->file);
	ck_assert_cost_eq(info->jumps->taken, 0);
	ck_assert_cost_eq(info->jumps->executed, 1);
	ck_assert_cost_eq(cells_get(&p.spill, c->instrs.entries[0].cost, 0), 0);
	unit_release(&p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("code");
	TCase *tc = tcase_create("code");

	tcase_add_test(tc, test_jumps);
	tcase_add_test(tc, test_not_kept);
	tcase_add_test(tc, test_no_addresses);
	tcase_add_test(tc, test_objects_and_diff);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
