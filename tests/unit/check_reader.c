/* The callgrind reader: position and name compression, absent counts,
 * parts, calls, other writers' line orders. */
#include "unit.h"

#include <inttypes.h>

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
	ck_assert_cost_eq(edge_count(&p, main_fn->out), max);
	ck_assert_cost_eq(edge_get(&p, main_fn->out, 0), max);
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
	ck_assert_cost_eq(edge_count(&p, main_fn->out), 4);
	ck_assert_cost_eq(edge_get(&p, main_fn->out, 0), 47);
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
	/* Each part keeps its own header lines. */
	ck_assert_str_eq(p.parts[0].name, "1");
	ck_assert_str_eq(p.parts[1].name, "2");
	ck_assert_str_eq(p.parts[1].pid, "");
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
	ck_assert_str_eq(p.parts[0].pid, "42");
	ck_assert_str_eq(p.parts[0].cmd, "./prog arg");
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
	ck_assert_cost_eq(edge_count(&p, e), 1);
	ck_assert_cost_eq(edge_get(&p, e, 0), 2);
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

/* --- the fast path for cost lines and its edges ---------------------------- */

/* Read TEXT into P without per-line data, so that self costs take the
 * fast path's 64-bit sums. */
static void read_lean(struct profile *p, const char *text)
{
	profile_init(p, strdup("unit.out"));
	unit_read_more(p, text);
}

/* The decimal TEXT as a count. */
static cost_t decimal(const char *text)
{
	cost_t v = 0;

	for (; *text; text++)
		v = v * 10 + (*text - '0');
	return v;
}

START_TEST(test_counts_every_length)
{
	static const char digits[] = "9876543210987654321";
	char *text = NULL, name[16];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct profile p;

	/* Counts of 1 to 19 digits, plain and after leading zeros (then 20
	 * and more digits: the careful parser's). */
	fputs("events: A B\nfl=a.c\n", f);
	for (int n = 1; n <= 19; n++)
		fprintf(f, "fn=f%d\n%d 1 %.*s\nfn=z%d\n%d 000000%.*s\n", n, n, n, digits,
			n, n, n, digits);
	fclose(f);
	read_lean(&p, text);
	for (int n = 1; n <= 19; n++) {
		char want[32];

		snprintf(want, sizeof(want), "%.*s", n, digits);
		snprintf(name, sizeof(name), "a.c:f%d", n);
		ck_assert_cost_eq(self_of(&p, name)[1], decimal(want));
		ck_assert_cost_eq(self_of(&p, name)[0], 1);
		snprintf(name, sizeof(name), "a.c:z%d", n);
		ck_assert_cost_eq(self_of(&p, name)[0], decimal(want));
	}
	unit_release(&p);
	free(text);
}
END_TEST

START_TEST(test_counts_blanks_and_forms)
{
	struct profile p;
	const cost_t *v;

	/* Tabs, runs of blanks, trailing blanks, CR, "." and hexadecimal
	 * counts among plain ones, in one function. */
	unit_read(&p, "events: A B\nfl=a.c\nfn=f\n1\t5\n2  6  \n3 7\r\n4 . 1\n"
		  "5 0x10\n6 7 8\n7 1\f\n8\n");
	v = self_of(&p, "a.c:f");
	ck_assert_cost_eq(v[0], 5 + 6 + 7 + 16 + 7 + 1);
	ck_assert_cost_eq(v[1], 1 + 8);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 4, 1), 1);
	ck_assert_ptr_nonnull(unit_line(&p, "a.c", 8));
	unit_release(&p);
}
END_TEST

START_TEST(test_self_sums_across_functions)
{
	struct profile p;
	const cost_t *v;

	/* Lines summed in 64 bits go to their function when another
	 * function's lines start, and at the end: presence per event, a
	 * function of zero-count lines only, code inlined from a header. */
	read_lean(&p, "events: A B\nfl=a.c\nfn=f\n1 5\nfn=g\n1 3\nfn=f\n2 1 2\n"
		       "fn=h\n1\nfi=b.h\n7 4\nfe=a.c\n3 2\n");
	v = self_of(&p, "a.c:f");
	ck_assert_cost_eq(v[0], 6);
	ck_assert_cost_eq(v[1], 2);
	v = self_of(&p, "a.c:g");
	ck_assert_cost_eq(v[0], 3);
	ck_assert_cost_eq(v[1], COST_ABSENT);
	v = self_of(&p, "a.c:h");
	ck_assert_cost_eq(v[0], 2);
	ck_assert_cost_eq(v[1], COST_ABSENT);
	ck_assert_cost_eq(self_of(&p, "b.h:h")[0], 4);
	/* No summary: line: the part's total is the sum of its lines. */
	ck_assert_cost_eq(p.parts[0].self_sum[0], 5 + 3 + 1 + 4 + 2);
	ck_assert_cost_eq(p.parts[0].self_sum[1], 2);
	unit_release(&p);
	/* A second part, with a summary: only the first one's lines sum. */
	read_lean(&p, "events: A\nfl=a.c\nfn=f\n1 5\n\nevents: A\nsummary: 9\nfn=f\n1 9\n");
	ck_assert_uint_eq(p.nparts, 2);
	ck_assert_cost_eq(p.parts[0].self_sum[0], 5);
	ck_assert_ptr_null(p.parts[1].self_sum);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], 14);
	unit_release(&p);
}
END_TEST

/* 1844 lines of 16 nines and one of 6744073709553459: 2^64-1, all read
 * by the fast path; MORE, another line after them. */
static char *sum_to_max(const char *more)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	fputs("events: A\nfl=a.c\nfn=f\n", f);
	for (int i = 0; i < 1844; i++)
		fputs("1 9999999999999999\n", f);
	fprintf(f, "2 6744073709553459\n%s", more);
	fclose(f);
	return text;
}

/* The sum of a function's 64-bit self counts reaches 2^64-1 exactly. */
START_TEST(test_self_sum_to_max)
{
	char *text = sum_to_max("3 0\n");
	struct profile p;

	read_lean(&p, text);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], COST_MAX);
	unit_release(&p);
	free(text);
}
END_TEST

/* One more, in another function: an error. */
START_TEST(test_self_sum_overflow)
{
	struct profile p;

	read_lean(&p, sum_to_max("fn=g\n4 1\n"));
}
END_TEST

START_TEST(test_count_2_64)
{
	struct profile p;

	unit_read(&p, "events: A\nfl=a.c\nfn=f\n1 18446744073709551616\n");
}
END_TEST

START_TEST(test_positions_fast)
{
	struct profile p;

	/* Addresses in hexadecimal (either case of x, 16 digits), relative
	 * moves both ways, "*"; a move past 2^64-1 and an address of 17
	 * digits make malformed lines, skipped. */
	unit_read(&p, "positions: instr line\nevents: A\nfl=a.c\nfn=f\n"
		  "0x10 5 1\n+2 +1 2\n-1 -2 4\n* * 8\n0XfFfFfFfFfFfFfFfF 3 16\n+1 * 32\n"
		  "0x10000000000000000 9 64\n");
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 5, 0), 1);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 6, 0), 2);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 4, 0), 4 + 8);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 3, 0), 16);
	ck_assert_ptr_null(unit_line(&p, "a.c", 9));
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], 31);
	unit_release(&p);
}
END_TEST

/* Lines of up to 15 bytes and a newline are read from the masks of 16
 * bytes, longer ones and other forms by the other readers: the same sums
 * either side of each edge.  Lines of 15 and 16 bytes, counts of 8 to 11
 * digits, positions of 8 and 9 digits, blanks at the end, double blanks,
 * a tab, a move below 0 (malformed, skipped). */
static const char short_lines[] =
	"positions: instr line\nevents: A B\nfl=a.c\nfn=f\n"
	"0x10 1 1\n"
	"+1 +1 12345678 2\n"
	"+1 +1 1234567 3\n"
	"* +1 123456789\n"
	"* +1 12345678901\n"
	"* +1 1234567890\n"
	"* +1 5 \n"
	"* +1 6  \n"
	"* +1  7\n"
	"* +1\t8\n"
	"* 12345678 9\n"
	"* 123456789 10\n"
	"* +12345678 11\n"
	"* -135802466 12\n"
	"* * 14 15\n"
	"* -2 13\n";

START_TEST(test_short_lines)
{
	static const struct {
		int64_t line;
		cost_t a, b;
	} want[] = {
		{ 1, 1 + 12 + 14, 15 }, { 2, 12345678, 2 }, { 3, 1234567, 3 },
		{ 4, 123456789, COST_ABSENT }, { 5, 12345678901, COST_ABSENT },
		{ 6, 1234567890, COST_ABSENT }, { 7, 5, COST_ABSENT }, { 8, 6, COST_ABSENT },
		{ 9, 7, COST_ABSENT }, { 10, 8, COST_ABSENT }, { 12345678, 9, COST_ABSENT },
		{ 123456789, 10, COST_ABSENT }, { 135802467, 11, COST_ABSENT },
	};
	cost_t a = 0, b = 0;
	struct profile p;

	unit_read(&p, short_lines);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		ck_assert_cost_eq(unit_line_cost(&p, "a.c", want[i].line, 0), want[i].a);
		ck_assert_cost_eq(unit_line_cost(&p, "a.c", want[i].line, 1), want[i].b);
		a += want[i].a;
		b += want[i].b == COST_ABSENT ? 0 : want[i].b;
	}
	ck_assert_ptr_null(unit_line(&p, "a.c", 0));
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], a);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[1], b);
	unit_release(&p);
	/* Without per-line data: the 64-bit self sums. */
	read_lean(&p, short_lines);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], a);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[1], b);
	unit_release(&p);
}
END_TEST

/* More counts than events on a short line: the same error as elsewhere. */
START_TEST(test_short_line_too_many_counts)
{
	struct profile p;

	read_lean(&p, "events: A B\nfl=a.c\nfn=f\n1 2 3 4\n");
}
END_TEST

/* Edge costs and counts are cells: either side of 2^63, back into the
 * direct range by a negative amount, up to 2^64-1 and past it. */
START_TEST(test_edge_cells)
{
	const cost_t max = (cost_t)UINT64_MAX, top = (cost_t)INT64_MAX;
	struct profile p;
	struct edge *e;
	cost_t v[2], out[2];

	unit_read(&p, "events: A B\nfl=a.c\nfn=f\ncfn=g\ncalls=9223372036854775807 1\n"
		  "1 9223372036854775807\n");
	e = (struct edge *)profile_find_edge(&p, unit_func(&p, "a.c:f"), unit_func(&p, "a.c:g"));
	ck_assert_cost_eq(edge_count(&p, e), top);
	ck_assert_cost_eq(edge_get(&p, e, 0), top);
	ck_assert_cost_eq(edge_get(&p, e, 1), COST_ABSENT);
	ck_assert_uint_eq(p.spill.count, 0);
	v[0] = 1;
	v[1] = COST_ABSENT;
	ck_assert(edge_add(&p, e, v, 1));
	ck_assert_cost_eq(edge_count(&p, e), top + 1);
	ck_assert_cost_eq(edge_cost(&p, e, out)[0], top + 1);
	ck_assert_cost_eq(out[1], COST_ABSENT);
	v[0] = -2;
	ck_assert(edge_add(&p, e, v, -2));
	ck_assert_cost_eq(edge_count(&p, e), top - 1);
	ck_assert_cost_eq(edge_get(&p, e, 0), top - 1);
	v[0] = max - (top - 1);
	ck_assert(edge_add(&p, e, v, max - (top - 1)));
	ck_assert_cost_eq(edge_count(&p, e), max);
	ck_assert_cost_eq(edge_get(&p, e, 0), max);
	ck_assert_uint_eq(p.spill.count, 2);   /* the slots given back, used again */
	v[0] = 1;
	ck_assert(!edge_add(&p, e, v, 0));
	ck_assert(!edge_add(&p, e, NULL, 1));
	unit_release(&p);
}
END_TEST

START_TEST(test_sparse_ids)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct profile p;

	/* Ids of any size, and thousands of them seventeen apart, defined
	 * then used in the other order. */
	fputs("events: A\nfl=(1) a.c\nfn=(130064) a\n1 1\nfn=(18446744073709551615) c\n1 3\n"
	      "fn=(130064)\n1 10\nfn=(18446744073709551615)\n1 30\n", f);
	for (int i = 0; i < 5000; i++)
		fprintf(f, "fn=(%d) g%d\n1 1\n", 200000 + 17 * i, i);
	for (int i = 4999; i >= 0; i--)
		fprintf(f, "fn=(%d)\n1 %d\n", 200000 + 17 * i, i);
	fclose(f);
	read_lean(&p, text);
	ck_assert_cost_eq(self_of(&p, "a.c:a")[0], 11);
	ck_assert_cost_eq(self_of(&p, "a.c:c")[0], 33);
	ck_assert_cost_eq(self_of(&p, "a.c:g0")[0], 1);
	ck_assert_cost_eq(self_of(&p, "a.c:g4321")[0], 4322);
	ck_assert_uint_eq(p.nfuncs, 5002);
	unit_release(&p);
	free(text);
}
END_TEST

START_TEST(test_block_boundaries)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct profile p;
	cost_t sum = 0;

	/* Over 3 MB of cost lines of every length, so that lines straddle
	 * the reader's blocks, and a last line without a newline. */
	fputs("events: A B\nfl=a.c\nfn=f\n", f);
	for (uint64_t i = 0, written = 0; written < (3u << 20) + 12345; i++) {
		uint64_t v = (i * 7919) % 100000000000ULL;
		int n = fprintf(f, "%u %" PRIu64 "%s\n", (unsigned)(i % 97), v, i % 3 ? " 1" : "");

		ck_assert_int_gt(n, 0);
		written += (uint64_t)n;
		sum += v;
	}
	fputs("1 1", f);
	fclose(f);
	read_lean(&p, text);
	ck_assert_cost_eq(self_of(&p, "a.c:f")[0], sum + 1);
	unit_release(&p);
	free(text);
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
	tcase_add_test(tc, test_counts_every_length);
	tcase_add_test(tc, test_counts_blanks_and_forms);
	tcase_add_test(tc, test_self_sums_across_functions);
	tcase_add_test(tc, test_self_sum_to_max);
	tcase_add_exit_test(tc, test_self_sum_overflow, EXIT_INPUT);
	tcase_add_exit_test(tc, test_count_2_64, EXIT_INPUT);
	tcase_add_test(tc, test_positions_fast);
	tcase_add_test(tc, test_short_lines);
	tcase_add_test(tc, test_edge_cells);
	tcase_add_exit_test(tc, test_short_line_too_many_counts, EXIT_INPUT);
	tcase_add_test(tc, test_sparse_ids);
	tcase_add_test(tc, test_block_boundaries);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
