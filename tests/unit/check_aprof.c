/* The aprof reader and the power-law fit. */
#include "unit.h"

#include <math.h>

#include "read-aprof.h"
#include "calc-fit.h"

/* Read TEXT as an aprof report into A (stderr warnings are expected for
 * malformed input). */
static void read_text(struct aprof *a, const char *text)
{
	char path[] = "/tmp/cgannotate-aprof-XXXXXX";
	struct input in;

	unit_write_temp(path, text);
	aprof_init(a, "unit.aprof");
	input_open(&in, path);
	aprof_read(a, &in);
	input_close(&in);
	unlink(path);
}

START_TEST(fit_exact_power_law)
{
	double x[] = { 1, 2, 4, 8 }, y[] = { 3, 12, 48, 192 }, w[] = { 1, 5, 2, 7 };
	struct fit f;

	ck_assert(fit_power(x, y, w, 4, &f));
	ck_assert_double_eq_tol(f.a, 3, 1e-9);
	ck_assert_double_eq_tol(f.b, 2, 1e-12);
	ck_assert_double_eq_tol(f.r2, 1, 1e-12);
}
END_TEST

/* The weights change the slope: log2 x = 0 1 2, log2 y = 0 2 3, weights
 * 1 1 2 give b = 4 / 2.75 (unweighted it would be 1.5). */
START_TEST(fit_weighted)
{
	double x[] = { 1, 2, 4 }, y[] = { 1, 4, 8 }, w[] = { 1, 1, 2 }, one[] = { 1, 1, 1 };
	struct fit f;

	ck_assert(fit_power(x, y, w, 3, &f));
	ck_assert_double_eq_tol(f.b, 4 / 2.75, 1e-12);
	ck_assert_double_eq_tol(f.a, pow(2, 2 - 1.25 * 4 / 2.75), 1e-12);
	ck_assert_double_eq_tol(f.r2, (4 / 2.75) * 4 / 6, 1e-12);
	ck_assert(fit_power(x, y, one, 3, &f));
	ck_assert_double_eq_tol(f.b, 1.5, 1e-12);
}
END_TEST

START_TEST(fit_degenerate)
{
	double x[] = { 5, 5, 7 }, y[] = { 1, 2, 3 }, w[] = { 1, 1, 0 }, c[] = { 4, 4, 4 };
	double w1[] = { 1, 1, 1 }, x3[] = { 1, 2, 3 };
	struct fit f = { -1, -1, -1 };

	/* One distinct size with weight: no slope. */
	ck_assert(!fit_power(x, y, w, 3, &f));
	ck_assert_double_eq(f.b, -1);
	ck_assert(!fit_power(x, y, w, 0, &f));
	/* Constant cost: b = 0, fitted exactly. */
	ck_assert(fit_power(x3, c, w1, 3, &f));
	ck_assert_double_eq_tol(f.b, 0, 1e-12);
	ck_assert_double_eq_tol(f.a, 4, 1e-12);
	ck_assert_double_eq(f.r2, 1);
}
END_TEST

START_TEST(fit_points_rules)
{
	/* rms 0 and points with a zero cost are kept out: 2 usable sizes. */
	struct aprof_point p[4] = {
		{ .rms = 0, .min = 1, .max = 1, .sum = 1, .occ = 1 },
		{ .rms = 1, .min = 1, .max = 1, .sum = 1, .occ = 1 },
		{ .rms = 2, .min = 0, .max = 4, .sum = 4, .occ = 1 },
		{ .rms = 4, .min = 16, .max = 16, .sum = 16, .occ = 1 },
	};
	struct fit f;

	ck_assert(!aprof_fit_points(p, 4, &f));
	p[2].min = 4;
	ck_assert(aprof_fit_points(p, 4, &f));
	ck_assert_double_eq_tol(f.b, 2, 1e-12);
}
END_TEST

static const struct aprof_routine *routine(const struct aprof *a, uint64_t id)
{
	const struct aprof_routine *r = aprof_find(a, id);

	ck_assert_ptr_nonnull(r);
	return r;
}

START_TEST(reader_versions)
{
	static const struct {
		const char *text;
		unsigned have;
	} cases[] = {
		{ "r \"f\" \"i\" 1\np 1 2 3 4 7 25 2\n", APROF_SQR },
		{ "v 1\nr \"f\" \"i\" 1\np 1 2 3 4 7 25 2\n", APROF_SQR },
		{ "v 2\nr \"f\" \"i\" 1\np 1 2 3 4 7 2 7 5\n", APROF_SELF },
		{ "v 3\nr \"f\" \"i\" 1\np 1 2 3 4 7 2 7 5 2 3\n", APROF_SELF | APROF_SELF_MINMAX },
		{ "v 4\nr \"f\" \"i\" 1\np 1 2 3 4 7 25 2 7 5 2 3 13\n",
		  APROF_SQR | APROF_SELF | APROF_SELF_MINMAX | APROF_SELF_SQR },
		{ "v 5\nr \"f\" \"i\" 1\np 1 2 3 4 7 25 2 7 5 2 3 13 0 0 1 2 3 4\n",
		  APROF_SQR | APROF_SELF | APROF_SELF_MINMAX | APROF_SELF_SQR | APROF_EXTRA },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct aprof a;
		const struct aprof_routine *r;
		const struct aprof_point *p;

		read_text(&a, cases[i].text);
		ck_assert_uint_eq(a.skipped, 0);
		r = routine(&a, 1);
		ck_assert_uint_eq(r->npoints, 1);
		p = &r->points[0];
		ck_assert_uint_eq(p->have, cases[i].have);
		ck_assert_uint_eq(p->rms, 2);
		ck_assert_int_eq(p->min, 3);
		ck_assert_int_eq(p->max, 4);
		ck_assert_int_eq(p->sum, 7);
		ck_assert_int_eq(p->occ, 2);
		if (p->have & APROF_SQR)
			ck_assert_double_eq(p->sqr_sum, 25);
		if (p->have & APROF_SELF) {
			ck_assert_int_eq(p->real_sum, 7);
			ck_assert_int_eq(r->self, 5);
		}
		if (p->have & APROF_SELF_MINMAX) {
			ck_assert_int_eq(p->self_min, 2);
			ck_assert_int_eq(p->self_max, 3);
		}
		if (p->have & APROF_SELF_SQR)
			ck_assert_double_eq(p->self_sqr, 13);
		if (p->have & APROF_EXTRA) {
			ck_assert_int_eq(p->extra[APROF_CUMUL_SYSCALL], 1);
			ck_assert_int_eq(p->extra[APROF_SELF_THREAD], 4);
		}
		ck_assert(r->has_self == ((cases[i].have & APROF_SELF) != 0));
		aprof_release(&a);
	}
}
END_TEST

START_TEST(reader_names_and_header)
{
	struct aprof a;
	const struct aprof_routine *r;

	read_text(&a, "c one\nv 2\nk 99\ne 12\nt 16\na ./x y\nf ./x y  z\nm time-usec\ni drms\n"
		      "r \"op\"\" _x(char const*, \"a b\")\" \"/lib/a b.so\" 7\n"
		      "u 7 \"_Zli2_xPKc\"\nd 7 \"operator\\\"\\\" _x(char const*)\"\nfav 7\n"
		      "r plain /bin/x 8\n");
	ck_assert_uint_eq(a.skipped, 0);
	ck_assert_uint_eq(a.version, 2);
	ck_assert(a.has_total);
	ck_assert_int_eq(a.total, 99);
	ck_assert_str_eq(a.mtime, "12");
	ck_assert_str_eq(a.t, "16");
	ck_assert_str_eq(a.application, "./x y");
	ck_assert_str_eq(a.command, "./x y  z");
	ck_assert_str_eq(a.cost_metric, "time-usec");
	ck_assert_str_eq(a.input_metric, "drms");
	ck_assert_uint_eq(a.ncomments, 1);
	r = routine(&a, 7);
	ck_assert_str_eq(r->name, "op\"\" _x(char const*, \"a b\")");
	ck_assert_str_eq(r->image, "/lib/a b.so");
	ck_assert_str_eq(r->mangled, "_Zli2_xPKc");
	ck_assert_ptr_nonnull(r->full);
	r = routine(&a, 8);
	ck_assert_str_eq(r->name, "plain");
	ck_assert_str_eq(r->image, "/bin/x");
	aprof_release(&a);
}
END_TEST

START_TEST(reader_merges_sizes)
{
	struct aprof a;
	const struct aprof_routine *r;

	read_text(&a, "v 3\nr \"f\" \"i\" 1\n"
		      "p 1 8 5 9 14 2 14 10 4 6\np 1 2 1 1 1 1 1 1 1 1\np 1 8 3 4 7 2 7 6 3 3\n");
	r = routine(&a, 1);
	ck_assert_uint_eq(r->npoints, 2);
	ck_assert_uint_eq(r->points[0].rms, 2);
	ck_assert_uint_eq(r->points[1].rms, 8);
	ck_assert_int_eq(r->points[1].min, 3);
	ck_assert_int_eq(r->points[1].max, 9);
	ck_assert_int_eq(r->points[1].sum, 21);
	ck_assert_int_eq(r->points[1].occ, 4);
	ck_assert_int_eq(r->points[1].self_min, 3);
	ck_assert_int_eq(r->points[1].self_max, 6);
	ck_assert_int_eq(r->self, 17);
	ck_assert_int_eq(r->cumulative, 22);
	ck_assert_int_eq(r->calls, 5);
	ck_assert_uint_eq(r->max_rms, 8);
	ck_assert(!r->has_fit);
	/* No k line: the total is the sum of the self costs. */
	ck_assert(!a.has_total);
	ck_assert_int_eq(a.total, 17);
	aprof_release(&a);
}
END_TEST

/* q lines before the x lines that name their routines; a routine with its
 * own p lines does not take its contexts' points too. */
START_TEST(reader_contexts)
{
	struct aprof a;
	const struct aprof_routine *r;

	read_text(&a, "v 6\nr \"main\" \"i\" 1\nr \"g\" \"i\" 2\nr \"h\" \"i\" 3\n"
		      "q 10 0 50 50 50 2500 1 50 10 10 10 100\n"
		      "q 11 4 20 20 40 800 2 40 40 20 20 800\n"
		      "q 12 4 10 10 10 100 1 10 10 10 10 100\n"
		      "q 13 1 5 5 5 25 1 5 5 5 5 25\n"
		      "p 3 1 5 5 5 25 1 5 5 5 5 25\n"
		      "x 1 10 -1\nx 2 11 10\nx 2 12 11\nx 3 13 10\n");
	ck_assert_uint_eq(a.skipped, 0);
	ck_assert_uint_eq(a.ncontexts, 4);
	r = routine(&a, 2);
	ck_assert_uint_eq(r->npoints, 1);
	ck_assert_int_eq(r->cumulative, 50);
	ck_assert_int_eq(r->calls, 3);
	ck_assert_int_eq(r->self, 50);
	r = routine(&a, 3);
	ck_assert_int_eq(r->calls, 1);
	ck_assert_ptr_nonnull(a.roots);
	ck_assert_uint_eq(a.roots->id, 10);
	ck_assert_ptr_null(a.roots->next);
	/* Children by descending cost: 11 (40) before 13 (5). */
	ck_assert_uint_eq(a.roots->children->id, 11);
	ck_assert_uint_eq(a.roots->children->next->id, 13);
	ck_assert_uint_eq(a.roots->children->children->id, 12);
	ck_assert_int_eq(a.roots->children->cumulative, 40);
	aprof_release(&a);
}
END_TEST

START_TEST(reader_bad_contexts)
{
	struct aprof a;

	/* 20 and 21 are each other's parents; 30's parent is unknown. */
	read_text(&a, "v 6\nr \"f\" \"i\" 1\nx 1 20 21\nx 1 21 20\nx 1 30 99\nx 5 40 -1\n"
		      "q 40 1 1 1 1 1 1 1 1 1 1 1\n");
	ck_assert_uint_eq(a.skipped, 2);
	ck_assert_uint_eq(a.ncontexts, 3);
	ck_assert_ptr_nonnull(a.roots);
	ck_assert_uint_eq(a.roots->id, 30);
	ck_assert_ptr_null(a.roots->next);
	for (size_t i = 0; i < a.ncontexts; i++)
		ck_assert(a.contexts[i]->in_tree == (a.contexts[i]->id == 30));
	aprof_release(&a);
}
END_TEST

START_TEST(reader_malformed)
{
	struct aprof a;

	read_text(&a, "v 2\nr \"f\" \"i\" 1\n"
		      "p 1 2 3 3 6 2 6 6\n"
		      "p 2 2 3 3 6 2 6 6\n"                 /* unknown routine */
		      "p 1 4 5 5 10 2\n"                    /* too few */
		      "p 1 4 5 5 10 2 10 10 1\n"            /* too many */
		      "p 1 4 5 5 10 2 10 1x\n"              /* bad number */
		      "p 1 4 5 5 99999999999999999999 2 10 10\n" /* beyond 64 bits */
		      "u 3 \"_Z1gv\"\n"                     /* unknown routine */
		      "r \"f\" \"i\" 1\n"                   /* defined twice */
		      "z 1\n"                               /* unknown tag */
		      "q 9 1 1 1 1 1 1 1\n");               /* unknown context */
	ck_assert_uint_eq(a.skipped, 9);
	ck_assert_uint_eq(a.nroutines, 1);
	ck_assert_int_eq(routine(&a, 1)->calls, 2);
	aprof_release(&a);
}
END_TEST

/* Costs are unsigned 64-bit: 2^64-1 is read exactly, 2^64 skips the line,
 * and so does a sign. */
START_TEST(reader_64_bit_costs)
{
	struct aprof a;
	const struct aprof_routine *r;
	const struct aprof_point *p;

	read_text(&a, "v 5\nk 18446744073709551615\nr \"f\" \"i\" 1\n"
		      "p 1 18446744073709551615 18446744073709551615 18446744073709551615 "
		      "18446744073709551615 1e40 18446744073709551615 18446744073709551615 "
		      "18446744073709551615 18446744073709551615 18446744073709551615 1e40 0 0 "
		      "18446744073709551615 18446744073709551615 18446744073709551615 "
		      "18446744073709551615\n"
		      "p 1 1 18446744073709551616 1 1 1 1 1 1 1 1 1 0 0 1 1 1 1\n"
		      "p 1 1 1 1 1 1 -1 1 1 1 1 1 0 0 1 1 1 1\n");
	ck_assert_uint_eq(a.skipped, 2);
	ck_assert(a.has_total);
	ck_assert_uint_eq(a.total, UINT64_MAX);
	r = routine(&a, 1);
	ck_assert_uint_eq(r->npoints, 1);
	p = &r->points[0];
	ck_assert_uint_eq(p->rms, UINT64_MAX);
	ck_assert_uint_eq(p->min, UINT64_MAX);
	ck_assert_uint_eq(p->max, UINT64_MAX);
	ck_assert_uint_eq(p->sum, UINT64_MAX);
	ck_assert_uint_eq(p->occ, UINT64_MAX);
	ck_assert_uint_eq(p->real_sum, UINT64_MAX);
	ck_assert_uint_eq(p->self_sum, UINT64_MAX);
	ck_assert_uint_eq(p->self_min, UINT64_MAX);
	ck_assert_uint_eq(p->self_max, UINT64_MAX);
	for (int i = 0; i < APROF_NEXTRA; i++)
		ck_assert_uint_eq(p->extra[i], UINT64_MAX);
	ck_assert_uint_eq(r->self, UINT64_MAX);
	ck_assert_uint_eq(r->cumulative, UINT64_MAX);
	ck_assert_uint_eq(r->calls, UINT64_MAX);
	ck_assert_uint_eq(r->max_rms, UINT64_MAX);
	aprof_release(&a);
}
END_TEST

/* A k line that is skipped gives no total: the total is then calculated. */
START_TEST(reader_bad_total)
{
	struct aprof a;

	read_text(&a, "v 2\nk 18446744073709551616\nk 2x\nr \"f\" \"i\" 1\np 1 1 1 1 4 1 4 3\n");
	ck_assert_uint_eq(a.skipped, 2);
	ck_assert(!a.has_total);
	ck_assert_uint_eq(a.total, 3);
	aprof_release(&a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("aprof");
	TCase *fit = tcase_create("fit"), *reader = tcase_create("reader");

	tcase_add_test(fit, fit_exact_power_law);
	tcase_add_test(fit, fit_weighted);
	tcase_add_test(fit, fit_degenerate);
	tcase_add_test(fit, fit_points_rules);
	tcase_add_test(reader, reader_versions);
	tcase_add_test(reader, reader_names_and_header);
	tcase_add_test(reader, reader_merges_sizes);
	tcase_add_test(reader, reader_contexts);
	tcase_add_test(reader, reader_bad_contexts);
	tcase_add_test(reader, reader_malformed);
	tcase_add_test(reader, reader_64_bit_costs);
	tcase_add_test(reader, reader_bad_total);
	suite_add_tcase(s, fit);
	suite_add_tcase(s, reader);
	return unit_run(s);
}
