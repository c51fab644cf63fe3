/* The table: column widths, the threshold walk, inclusive costs. */
#include "unit.h"

#include "report-columns.h"
#include "calc-cycles.h"
#include "calc-table.h"

struct setup {
	struct profile p;
	struct options opt;
	struct columns cols;
	struct table t;
};

static void setup(struct setup *s, const char *text, const char *const *args, int nargs)
{
	char *argv[16] = { "cgannotate" };

	ck_assert_int_lt(nargs, 14);
	for (int i = 0; i < nargs; i++)
		argv[i + 1] = (char *)args[i];
	argv[nargs + 1] = "unused-profile";
	optind = 1;
	options_parse(&s->opt, nargs + 2, argv);
	unit_read(&s->p, text);
	columns_init(&s->cols, &s->p, &s->opt);
	cycles_mark(&s->p, s->cols.primary);
	table_build(&s->t, &s->p, &s->opt, s->cols.sort, s->cols.nsort);
	s->cols.summary = s->t.summary;
}

static void teardown(struct setup *s)
{
	table_release(&s->t);
	columns_release(&s->cols);
	unit_release(&s->p);
	options_release(&s->opt);
}

static const char fourfuncs[] =
	"events: Ir\nsummary: 100\nfl=a.c\nfn=a\n1 50\nfn=b\n2 30\nfn=c\n3 15\nfn=d\n4 5\n";

START_TEST(test_threshold_default)
{
	struct setup s;

	/* 99%: a (50), b (80), c (95) are not enough; d makes 100. */
	setup(&s, fourfuncs, NULL, 0);
	ck_assert_uint_eq(s.t.nshown, 4);
	ck_assert_str_eq(s.t.rows[0]->fullname, "a.c:a");
	teardown(&s);
}
END_TEST

START_TEST(test_threshold_cut)
{
	static const char *const args[] = { "--threshold=80" };
	struct setup s;

	/* Stops before the first row at which 80% has been reached. */
	setup(&s, fourfuncs, args, 1);
	ck_assert_uint_eq(s.t.nshown, 2);
	teardown(&s);
}
END_TEST

START_TEST(test_threshold_per_event)
{
	static const char *const args[] = { "--sort=Ir:50%" };
	struct setup s;

	setup(&s, fourfuncs, args, 1);
	ck_assert_uint_eq(s.t.nshown, 1);
	ck_assert_str_eq(s.t.thresholds[0], "50");
	teardown(&s);
}
END_TEST

START_TEST(test_threshold_inclusive_walk)
{
	static const char *const args[] = { "--inclusive=yes", "--threshold=60" };
	struct setup s;

	/* main 100 inclusive, then work 80: the walk takes total minus the
	 * row, so after main it is 0%, after work 20%, after leaf 70%. */
	setup(&s, "events: Ir\nsummary: 100\nfl=a.c\nfn=main\n1 20\ncfn=work\ncalls=1 2\n1 80\n"
	      "fn=work\n2 50\ncfn=leaf\ncalls=1 3\n2 30\nfn=leaf\n3 30\n", args, 2);
	ck_assert_uint_eq(s.t.nrows, 3);
	ck_assert_cost_eq(s.t.rows[0]->total[0], 100);
	ck_assert_cost_eq(s.t.rows[1]->total[0], 80);
	ck_assert_cost_eq(s.t.rows[2]->total[0], 30);
	ck_assert_uint_eq(s.t.nshown, 3);
	teardown(&s);
}
END_TEST

START_TEST(test_recursion)
{
	static const char *const args[] = { "--inclusive=yes" };
	struct setup s;

	/* fib calls itself: not the sum of every call into it (which counts
	 * the recursion twice) but the greater of self + calls out of the
	 * cycle and the calls from outside it, which agree here. */
	setup(&s, "events: Ir\nsummary: 100\nfl=a.c\nfn=main\n1 10\ncfn=fib\ncalls=1 2\n1 90\n"
	      "fn=fib\n2 80\ncfn=fib\ncalls=10 2\n2 70\ncfn=leaf\ncalls=1 3\n2 10\n"
	      "fn=leaf\n3 10\n", args, 1);
	ck_assert_cost_eq(unit_func(&s.p, "a.c:fib")->total[0], 90);
	ck_assert_cost_eq(unit_func(&s.p, "a.c:main")->total[0], 100);
	ck_assert_cost_eq(unit_func(&s.p, "a.c:leaf")->total[0], 10);
	teardown(&s);
}
END_TEST

START_TEST(test_mutual_recursion_through_inlined_code)
{
	static const char *const args[] = { "--inclusive=yes" };
	struct setup s;

	/* odd's call to even is made from code inlined from h.h: the
	 * h.h:odd entry belongs to odd, so odd and even form a cycle.  even:
	 * the greater of 5 + 0 (no call out of the cycle) and 20 (main's
	 * call); odd: 4 (nothing calls it from outside); h.h:odd: 1. */
	setup(&s, "events: Ir\nfl=a.c\nfn=main\n1 1\ncfn=even\ncalls=1 2\n1 20\n"
	      "fn=even\n2 5\ncfn=odd\ncalls=3 3\n2 15\n"
	      "fn=odd\n3 4\nfi=h.h\n9 1\ncfn=even\ncfi=a.c\ncalls=2 2\n9 10\n", args, 1);
	ck_assert_cost_eq(unit_func(&s.p, "a.c:even")->total[0], 20);
	ck_assert_cost_eq(unit_func(&s.p, "a.c:odd")->total[0], 4);
	ck_assert_cost_eq(unit_func(&s.p, "h.h:odd")->total[0], 1);
	ck_assert_cost_eq(unit_func(&s.p, "a.c:main")->total[0], 21);
	teardown(&s);
}
END_TEST

START_TEST(test_cycle_row)
{
	static const char *const args[] = { "--inclusive=yes" };
	struct setup s;
	const struct cycle *c;
	bool listed = false;

	/* The cycle of test_mutual_recursion_through_inlined_code as a whole:
	 * its members (h.h:odd too), self 5 + 4 + 1, inclusive main's call. */
	setup(&s, "events: Ir\nfl=a.c\nfn=main\n1 1\ncfn=even\ncalls=1 2\n1 20\n"
	      "fn=even\n2 5\ncfn=odd\ncalls=3 3\n2 15\n"
	      "fn=odd\n3 4\nfi=h.h\n9 1\ncfn=even\ncfi=a.c\ncalls=2 2\n9 10\n", args, 1);
	ck_assert_uint_eq(s.p.ncycles, 1);
	c = &s.p.cycles[0];
	ck_assert_uint_eq(c->id, 1);
	ck_assert_uint_eq(c->nmembers, 3);
	ck_assert_str_eq(c->members[0]->fullname, "a.c:even");
	ck_assert_str_eq(c->members[2]->fullname, "h.h:odd");
	ck_assert_cost_eq(c->self[0], 10);
	ck_assert_cost_eq(c->inclusive[0], 20);
	ck_assert_cost_eq(c->calls, 1);
	ck_assert_ptr_eq(unit_func(&s.p, "h.h:odd")->cycle, c);
	ck_assert_ptr_null(unit_func(&s.p, "a.c:main")->cycle);
	for (size_t i = 0; i < s.t.nrows; i++)
		if (s.t.rows[i] == c->row)
			listed = true;
	ck_assert(listed);
	ck_assert_str_eq(c->row->fullname, "<cycle 1>");
	ck_assert_cost_eq(c->row->total[0], 20);
	teardown(&s);
}
END_TEST

START_TEST(test_column_widths)
{
	struct setup s;
	size_t *w;
	const cost_t big[2] = { 1234567, COST_ABSENT };

	setup(&s, "events: Ir LongEventName\nfl=a.c\nfn=f\n1 5\n", NULL, 0);
	w = columns_widths_new(&s.cols);
	ck_assert_uint_eq(w[0], 2);
	ck_assert_uint_eq(w[1], 13);
	columns_widen(&s.cols, w, big);
	/* 9 digits with commas, plus 9 for " (12.34%)". */
	ck_assert_uint_eq(w[0], 18);
	ck_assert_uint_eq(w[1], 13);
	free(w);
	teardown(&s);
}
END_TEST

/* In the changes form a column is as wide as its widest count plus its
 * widest percentage; the others are padded to them. */
START_TEST(test_column_widths_changes)
{
	struct setup s;
	size_t *w;
	const cost_t v1[2] = { -6448401, 0 };
	const cost_t v2[2] = { 150, COST_ABSENT };
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	setup(&s, "events: Ir Dr\nsummary: 100 100\nfl=a.c\nfn=f\n1 5 5\n", NULL, 0);
	s.cols.changes = true;
	w = columns_widths_new(&s.cols);
	columns_widen(&s.cols, w, v1);
	columns_widen(&s.cols, w, v2);
	/* "-6,448,401" and " (-6448401.00%)". */
	ck_assert_uint_eq(w[0], 10 + 15);
	ck_assert_uint_eq(w[1], 1 + 9);
	out = open_memstream(&text, &len);
	columns_print_cost(out, &s.cols, w, v2);
	columns_print_cost(out, &s.cols, w, v1);
	fclose(out);
	/* Growth with its "+". */
	ck_assert_str_eq(text, "      +150 (    +150.00%) .          "
			       "-6,448,401 (-6448401.00%) 0          ");
	free(text);
	free(w);
	teardown(&s);
}
END_TEST

START_TEST(test_summary_calculated)
{
	struct setup s;

	setup(&s, "events: A B\nsummary: 0 0\nfl=a.c\nfn=f\n1 5\nfn=g\n2 7\n", NULL, 0);
	ck_assert(s.t.calculated);
	ck_assert_cost_eq(s.t.summary[0], 12);
	ck_assert_cost_eq(s.t.summary[1], COST_ABSENT);
	teardown(&s);
}
END_TEST

START_TEST(test_summary_of_parts)
{
	struct setup s;

	setup(&s, "events: Ir\nsummary: 10\nfl=a.c\nfn=f\n1 10\n"
	      "events: Ir\nfl=a.c\nfn=f\n1 6\ntotals: 6\n"
	      "events: Ir\nsummary: 0\nfn=f\n1 4\n", NULL, 0);
	ck_assert(!s.t.calculated);
	ck_assert_cost_eq(s.t.summary[0], 20);
	teardown(&s);
}
END_TEST

START_TEST(test_file_part)
{
	ck_assert_uint_eq(table_file_part("a.c:main"), 3);
	ck_assert_uint_eq(table_file_part("a.c:ns::f"), 3);
	ck_assert_uint_eq(table_file_part("a.c:"), 4);
	ck_assert_uint_eq(table_file_part("???:???"), 3);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_threshold_default);
	tcase_add_test(tc, test_threshold_cut);
	tcase_add_test(tc, test_threshold_per_event);
	tcase_add_test(tc, test_threshold_inclusive_walk);
	tcase_add_test(tc, test_recursion);
	tcase_add_test(tc, test_mutual_recursion_through_inlined_code);
	tcase_add_test(tc, test_cycle_row);
	tcase_add_test(tc, test_column_widths);
	tcase_add_test(tc, test_column_widths_changes);
	tcase_add_test(tc, test_summary_calculated);
	tcase_add_test(tc, test_summary_of_parts);
	tcase_add_test(tc, test_file_part);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
