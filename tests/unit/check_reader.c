/* The callgrind reader: position and name compression, absent counts,
 * parts, calls, other writers' line orders. */
#include "unit.h"

#include "diag.h"
#include "model-rename.h"

static const cost_t *self_of(struct profile *p, const char *fullname)
{
	return unit_func(p, fullname)->self;
}

START_TEST(test_subpositions)
{
	struct profile p;

	unit_read(&p, "positions: line\nevents: Ir\nfl=a.c\nfn=f\n"
		  "10 1\n+2 2\n-5 4\n* 8\n0x20 16\n");
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 10, 0), 1);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 12, 0), 2);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 7, 0), 4 + 8);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 32, 0), 16);
	unit_release(&p);
}
END_TEST

START_TEST(test_instr_line_positions)
{
	struct profile p;

	/* Addresses and lines are decompressed separately. */
	unit_read(&p, "positions: instr line\nevents: Ir\nfl=a.c\nfn=f\n"
		  "0x1000 5 3\n+4 +1 2\n+2 * 1\n-6 -3 7\n");
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 5, 0), 3);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 6, 0), 3);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 3, 0), 7);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], 13);
	unit_release(&p);
}
END_TEST

START_TEST(test_unknown_position_kind)
{
	struct profile p;

	/* A position kind the reader does not know keeps its column. */
	unit_read(&p, "positions: bb line\nevents: Ir\nfl=a.c\nfn=f\n900 7 5\n");
	ck_assert_ptr_nonnull(unit_line(&p, "a.c", 7));
	ck_assert_ptr_null(unit_line(&p, "a.c", 900));
	unit_release(&p);
}
END_TEST

START_TEST(test_name_compression)
{
	struct profile p;

	unit_read(&p, "events: Ir\nob=(1) /bin/x\nfl=(1) a.c\nfn=(1) main\n1 1\n"
		  "cfl=(2) b.c\ncfn=(2) helper\ncalls=3 10\n1 30\n"
		  "fl=(2)\nfn=(2)\n10 30\nfn=(1)\n2 1\n");
	ck_assert_cost_eq(self_of(&p, "a.c:main")[0], 1);
	ck_assert_cost_eq(self_of(&p, "b.c:helper")[0], 30);
	/* "(1)" in the fn= kind names main whatever file is current. */
	ck_assert_cost_eq(self_of(&p, "b.c:main")[0], 1);
	ck_assert_str_eq(unit_func(&p, "a.c:main")->object, "/bin/x");
	unit_release(&p);
}
END_TEST

START_TEST(test_absent_versus_zero)
{
	struct profile p;
	const cost_t *v;

	unit_read(&p, "events: A B C\nfl=a.c\nfn=f\n1 5\n2 0 0\nfn=g\n3\n");
	v = self_of(&p, "a.c:f");
	ck_assert_cost_eq(v[0], 5);
	ck_assert_cost_eq(v[1], 0);
	ck_assert_cost_eq(v[2], COST_ABSENT);
	v = self_of(&p, "a.c:g");
	ck_assert_cost_eq(v[0], COST_ABSENT);
	/* A position with no counts still makes a line entry. */
	ck_assert_ptr_nonnull(unit_line(&p, "a.c", 3)->cost);
	unit_release(&p);
}
END_TEST

START_TEST(test_wide_counts)
{
	struct profile p;
	const cost_t max = COST_MAX;
	struct func *main_fn;

	/* Counts and call counts use all 64 bits, and so do line numbers; a
	 * negative count may be as large. */
	unit_read(&p, "events: A B\nfl=a.c\nfn=main\n"
		  "18446744073709551615 18446744073709551615 -18446744073709551615\n"
		  "cfn=leaf\ncalls=18446744073709551615 1\n1 0xffffffffffffffff\n");
	main_fn = unit_func(&p, "a.c:main");
	ck_assert_cost_eq(main_fn->self[0], max);
	ck_assert_cost_eq(main_fn->self[1], -max);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", UINT64_MAX, 0), max);
	ck_assert_cost_eq(main_fn->out->count, max);
	ck_assert_cost_eq(main_fn->out->cost[0], max);
	ck_assert_cost_eq(cells_get(&p.spill, unit_line(&p, "a.c", 1)->sites->cost, 0), max);
	ck_assert_cost_eq(unit_func(&p, "a.c:leaf")->called[0], max);
	unit_release(&p);
}
END_TEST

START_TEST(test_signed_counts)
{
	struct profile p;
	const cost_t *v;

	/* cg_diff writes "-N"; "+N" is N, as callgrind_annotate reads it.  A
	 * sign alone is no count: the line is skipped. */
	unit_read(&p, "events: A B\nfl=a.c\nfn=f\n1 +400 -5\n2 -300 +0x10\n3 + 1\n");
	v = self_of(&p, "a.c:f");
	ck_assert_cost_eq(v[0], 100);
	ck_assert_cost_eq(v[1], 11);
	ck_assert_ptr_null(unit_line(&p, "a.c", 3));
	unit_release(&p);
}
END_TEST

START_TEST(test_unnamed_object)
{
	struct profile p;

	/* An object id never named is no object (NULL: no "[...]" anywhere);
	 * functions read before any ob= line have the empty object. */
	unit_read(&p, "events: Ir\nfl=a.c\nfn=first\n1 1\nob=(8)\nfn=f\n1 1\n"
		  "ob=(9) /lib/x.so\nfn=g\n2 2\nob=(8)\nfn=h\n3 3\n");
	ck_assert_str_eq(unit_func(&p, "a.c:first")->object, "");
	ck_assert_ptr_null(unit_func(&p, "a.c:f")->object);
	ck_assert_str_eq(unit_func(&p, "a.c:g")->object, "/lib/x.so");
	ck_assert_ptr_null(unit_func(&p, "a.c:h")->object);
	unit_release(&p);
}
END_TEST

START_TEST(test_calls)
{
	struct profile p;
	struct func *main_fn, *leaf;

	unit_read(&p, "events: Ir\nfl=a.c\nfn=main\n1 2\ncfn=leaf\ncalls=4 20\n1 40\n"
		  "calls=0 20\n1 7\nfn=leaf\n20 47\n");
	main_fn = unit_func(&p, "a.c:main");
	leaf = unit_func(&p, "a.c:leaf");
	/* Call costs are not self costs, calls=0 included. */
	ck_assert_cost_eq(main_fn->self[0], 2);
	ck_assert_cost_eq(main_fn->outgoing[0], 47);
	ck_assert_cost_eq(leaf->called[0], 47);
	ck_assert_ptr_nonnull(main_fn->out);
	ck_assert_cost_eq(main_fn->out->count, 4);
	ck_assert_cost_eq(main_fn->out->cost[0], 47);
	ck_assert_cost_eq(unit_line(&p, "a.c", 1)->sites->count, 4);
	unit_release(&p);
}
END_TEST

START_TEST(test_inlined_files)
{
	struct profile p;
	struct func *inl;

	unit_read(&p, "events: Ir\nfl=a.c\nfn=f\n1 1\nfi=h.h\n5 2\nfe=a.c\n2 4\n");
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], 5);
	inl = unit_func(&p, "h.h:f");
	ck_assert_cost_eq(inl->self[0], 2);
	ck_assert_ptr_eq(inl->host, unit_func(&p, "a.c:f"));
	/* No object for names fi= creates. */
	ck_assert_ptr_null(inl->object);
	unit_release(&p);
}
END_TEST

START_TEST(test_pyprof_order)
{
	struct profile p;

	/* fi= before any fn=, cfi= after cfn=. */
	unit_read(&p, "events: Ticks\nfi=x.py\nfn=a\n1 5\ncfn=b\ncfi=y.py\ncalls=2 3\n1 9\n"
		  "fi=y.py\nfn=b\n3 9\n");
	ck_assert_cost_eq(self_of(&p, "x.py:a")[0], 5);
	ck_assert_cost_eq(unit_func(&p, "y.py:b")->called[0], 9);
	unit_release(&p);
}
END_TEST

START_TEST(test_parts)
{
	struct profile p;

	unit_read(&p, "version: 1\npart: 1\nevents: Ir\nsummary: 10\nfl=a.c\nfn=f\n1 10\n"
		  "version: 1\npart: 2\nevents: Ir\nsummary: 0\nfl=a.c\nfn=f\n1 5\ntotals: 5\n");
	ck_assert_uint_eq(p.nparts, 2);
	ck_assert_cost_eq(p.parts[0].summary[0], 10);
	ck_assert_cost_eq(p.parts[1].totals[0], 5);
	ck_assert_cost_eq(p.parts[1].self_sum[0], 5);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], 15);
	ck_assert_str_eq(p.part_name, "1");
	unit_release(&p);
}
END_TEST

START_TEST(test_crlf_and_no_final_newline)
{
	struct profile p;

	unit_read(&p, "events: Ir\r\nfl=a.c\r\nfn=f\r\n1 3\r\n2 4");
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], 7);
	unit_release(&p);
}
END_TEST

START_TEST(test_header)
{
	struct profile p;

	unit_read(&p, "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 42\n"
		  "cmd:  ./prog arg\ndesc: I1 cache: \ndesc: Option: --x\n"
		  "event: Ir : Instruction fetch\nevent: Sum = Ir + 2 Dr\nevents: Ir Dr\n"
		  "fl=a.c\nfn=f\n1 1 1\n");
	ck_assert_str_eq(p.creator, "callgrind-3.19.0");
	ck_assert_str_eq(p.pid, "42");
	ck_assert_str_eq(p.cmd, "./prog arg");
	ck_assert_str_eq(p.desc, "I1 cache: \n");
	ck_assert_uint_eq(p.nevents, 2);
	ck_assert_str_eq(p.events[0].long_name, "Instruction fetch");
	ck_assert_uint_eq(p.nevent_defs, 2);
	ck_assert_str_eq(p.event_defs[1].formula, "Ir + 2 Dr");
	unit_release(&p);
}
END_TEST

START_TEST(test_strip_prefix)
{
	struct profile p;
	struct input in;
	char path[] = "/tmp/cgannotate-unit-XXXXXX";
	int fd = mkstemp(path);
	const char *text = "events: Ir\nfl=/src/a.c\nfn=f\n1 1\ncfi=/src/b.c\ncfn=g\ncalls=1 1\n1 1\n";

	ck_assert_int_eq((int)write(fd, text, strlen(text)), (int)strlen(text));
	close(fd);
	profile_init(&p, path);
	p.strip_prefix = "/src/";
	input_open(&in, path);
	callgrind_read(&p, &in);
	input_close(&in);
	unlink(path);
	ck_assert_ptr_nonnull(profile_find_file(&p, "a.c"));
	ck_assert_ptr_nonnull(profile_find_file(&p, "b.c"));
	ck_assert_ptr_null(profile_find_file(&p, "/src/b.c"));
	profile_release(&p);
}
END_TEST

START_TEST(test_derived_events)
{
	struct profile p;
	char *want[] = { "Cyc", "Ir", "Twice" };

	profile_init(&p, strdup("unit.out"));
	p.annotate_all = true;
	p.want_events = want;
	p.nwant_events = 3;
	unit_read_more(&p, "events: Ir Dr\n"
		       "event: Cyc = Ir + 10 * Dr : Cycles\n"
		       "event: Twice = 2Cyc\n"
		       "event: Unused = Ir\n"
		       "fl=a.c\nfn=f\n1 3 1\n2 . 2\n3 4\n4 .\nsummary: 7 3\n");
	ck_assert_uint_eq(p.nraw, 2);
	ck_assert_uint_eq(p.nevents, 4);
	ck_assert_str_eq(p.events[2].name, "Cyc");
	ck_assert_str_eq(p.events[2].long_name, "Cycles");
	ck_assert_str_eq(p.events[3].name, "Twice");
	/* f: Cyc = (3 + 10) + (20) + (4) = 37; Twice = 74. */
	ck_assert_cost_eq(unit_func(&p, "a.c:f")->self[2], 37);
	ck_assert_cost_eq(unit_func(&p, "a.c:f")->self[3], 74);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 2, 2), 20);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 2, 0), COST_ABSENT);
	/* Absent when every input is absent. */
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 4, 2), COST_ABSENT);
	/* The summary line gets them too: 7 + 30. */
	ck_assert_cost_eq(p.parts[0].summary[2], 37);
	unit_release(&p);
}
END_TEST

START_TEST(test_part_selection)
{
	struct profile p;
	unsigned long want[] = { 2 };

	profile_init(&p, strdup("unit.out"));
	p.annotate_all = true;
	p.want_parts = want;
	p.nwant_parts = 1;
	/* fn (1) is defined in the skipped part and used by id in part 2. */
	unit_read_more(&p, "events: Ir\nfl=(1) a.c\nfn=(1) f\n1 5\n"
		       "part: 2\nfl=(1)\nfn=(1)\n1 7\ncfn=(2) g\ncalls=2 1\n1 3\n");
	ck_assert_uint_eq(p.nparts, 2);
	ck_assert(p.parts[0].skipped);
	ck_assert(!p.parts[1].skipped);
	ck_assert_uint_eq(p.parts[1].number, 2);
	ck_assert_cost_eq(unit_func(&p, "a.c:f")->self[0], 7);
	ck_assert_cost_eq(unit_func(&p, "a.c:g")->called[0], 3);
	unit_release(&p);
}
END_TEST

START_TEST(test_negate_and_merge)
{
	struct profile p;
	const struct edge *e;

	profile_init(&p, strdup("old.out"));
	p.annotate_all = true;
	p.negate = true;
	unit_read_more(&p, "events: Ir\nfl=a.c\nfn=f\n1 5\ncfn=g\ncalls=2 1\n1 10\n");
	p.negate = false;
	unit_read_more(&p, "events: Ir\nfl=a.c\nfn=f\n1 8\ncfn=g\ncalls=3 1\n1 12\nfn=h\n2 1\n");
	ck_assert(profile_is_diff(&p));
	ck_assert(p.parts[0].negated && !p.parts[1].negated);
	ck_assert_cost_eq(unit_func(&p, "a.c:f")->self[0], 3);
	ck_assert_cost_eq(unit_func(&p, "a.c:h")->self[0], 1);
	e = profile_find_edge(&p, unit_func(&p, "a.c:f"), unit_func(&p, "a.c:g"));
	ck_assert_ptr_nonnull(e);
	ck_assert_cost_eq(e->count, 1);
	ck_assert_cost_eq(e->cost[0], 2);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 1, 0), 3);
	unit_release(&p);
}
END_TEST

START_TEST(test_rename_while_reading)
{
	struct profile p;
	char *file_rules[] = { "s#^/build/v[0-9]+/##" };
	char *func_rules[] = { "s/\\.isra\\.[0-9]+$//" };
	struct rename *fr = rename_new(file_rules, 1, "mod-filename");
	struct rename *fn = rename_new(func_rules, 1, "mod-funcname");

	profile_init(&p, strdup("unit.out"));
	p.file_rename = fr;
	p.func_rename = fn;
	unit_read_more(&p, "events: Ir\nfl=(1) /build/v1/a.c\nfn=(1) f.isra.0\n1 5\n"
		       "fl=(2) /build/v2/a.c\nfn=(2) f\n1 7\n");
	/* Both names now denote one function, whose costs are summed. */
	ck_assert_cost_eq(unit_func(&p, "a.c:f")->self[0], 12);
	ck_assert_ptr_null(profile_find_file(&p, "/build/v1/a.c"));
	unit_release(&p);
	rename_free(fr);
	rename_free(fn);
}
END_TEST

/* Profiles summed or compared must have the same events. */
START_TEST(test_merge_events_differ)
{
	struct profile p;

	unit_read(&p, "events: Ir Dr\nfl=a.c\nfn=f\n1 5 1\n");
	unit_read_more(&p, "events: Ir Dw\nfl=a.c\nfn=f\n1 5 1\n");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("reader");
	TCase *tc = tcase_create("reader");

	tcase_add_test(tc, test_subpositions);
	tcase_add_test(tc, test_instr_line_positions);
	tcase_add_test(tc, test_unknown_position_kind);
	tcase_add_test(tc, test_name_compression);
	tcase_add_test(tc, test_absent_versus_zero);
	tcase_add_test(tc, test_wide_counts);
	tcase_add_test(tc, test_calls);
	tcase_add_test(tc, test_inlined_files);
	tcase_add_test(tc, test_pyprof_order);
	tcase_add_test(tc, test_parts);
	tcase_add_test(tc, test_crlf_and_no_final_newline);
	tcase_add_test(tc, test_header);
	tcase_add_test(tc, test_strip_prefix);
	tcase_add_test(tc, test_derived_events);
	tcase_add_test(tc, test_part_selection);
	tcase_add_test(tc, test_signed_counts);
	tcase_add_test(tc, test_unnamed_object);
	tcase_add_test(tc, test_negate_and_merge);
	tcase_add_test(tc, test_rename_while_reading);
	tcase_add_exit_test(tc, test_merge_events_differ, EXIT_INPUT);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
