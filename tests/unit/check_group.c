/* Groups of functions and costs per call: a small profile's groups, their
 * figures, and the rounding of costs per call. */
#include "unit.h"

#include "calc-cycles.h"
#include "calc-estimate.h"
#include "calc-stackset.h"
#include "calc-group.h"
#include "calc-inclusive.h"
#include "calc-percall.h"

START_TEST(test_per_call_text)
{
	static const struct { long long v, n; const char *want; } t[] = {
		{ 25, 10, "2.5" }, { 1, 3, "0.3" }, { 2, 3, "0.7" }, { 0, 5, "0.0" },
		{ 99, 10, "9.9" }, { 995, 100, "10" }, { 105, 10, "11" }, { 104, 10, "10" },
		{ -25, 10, "-2.5" }, { -105, 10, "-11" }, { 1234567, 1, "1,234,567" },
		{ 7, 0, "-" },
	};
	char buf[NUMFMT_COUNT_MAX];

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		numfmt_per_call_text(buf, t[i].v, t[i].n);
		ck_assert_msg(strcmp(buf, t[i].want) == 0, "%lld/%lld: '%s', not '%s'", t[i].v, t[i].n,
			      buf, t[i].want);
	}
	numfmt_per_call_text(buf, COST_ABSENT, 3);
	ck_assert_str_eq(buf, ".");
}
END_TEST

/* main calls f (ns::A) and g, h (ns::B); f calls g.  g and h never run one
 * beneath the other: ns::B's inclusive cost is exact, the sum of theirs.
 * ns (f, g, h) has f and g on one stack: a bound and an estimate. */
static const char two_classes[] =
	"events: Ir\n"
	"ob=/bin/prog\n"
	"fl=a.c\n"
	"fn=main\n"
	"1 10\n"
	"cfn=ns::A::f(int)\n"
	"calls=2 1\n"
	"1 100\n"
	"cfl=b.c\n"
	"cfn=ns::B::g()\n"
	"calls=1 1\n"
	"1 50\n"
	"cfl=b.c\n"
	"cfn=ns::B::h()\n"
	"calls=4 1\n"
	"1 20\n"
	"fn=ns::A::f(int)\n"
	"1 40\n"
	"cfl=b.c\n"
	"cfn=ns::B::g()\n"
	"calls=2 1\n"
	"1 60\n"
	"fl=b.c\n"
	"fn=ns::B::g()\n"
	"1 110\n"
	"fn=ns::B::h()\n"
	"1 20\n";

/* main calls r, which calls itself and s: ns::C (r, s) is recursive. */
static const char recursive[] =
	"events: Ir\n"
	"fl=c.c\n"
	"fn=main\n"
	"1 5\n"
	"cfn=ns::C::r(int)\n"
	"calls=1 1\n"
	"1 95\n"
	"fn=ns::C::r(int)\n"
	"1 45\n"
	"cfn=ns::C::r(int)\n"
	"calls=3 1\n"
	"1 80\n"
	"cfn=ns::C::s()\n"
	"calls=1 1\n"
	"1 50\n"
	"fn=ns::C::s()\n"
	"1 50\n";

struct grouped {
	struct profile p;
	struct grouping *gr;
	struct profile *m;
};

/* TEXT read and grouped BY, with estimates when ESTIMATES. */
static void group(struct grouped *g, const char *text, enum group_by by, bool estimates)
{
	struct estimate_also also;
	size_t n;

	unit_read(&g->p, text);
	cycles_mark(&g->p, 0);
	g->gr = grouping_new(&g->p, by);
	also = (struct estimate_also){ grouping_add_stacks, g->gr };
	if (estimates) {
		struct stackset set;
		size_t events[16];

		ck_assert(g->p.nevents <= 16);
		for (size_t k = 0; k < g->p.nevents; k++)
			events[k] = k;
		stackset_start(&set, &g->p, events, g->p.nevents, NULL, 0);
		ck_assert(estimate_compute_also(&g->p, &set, &also));
		stackset_release(&set);
	}
	grouping_build(g->gr, &g->p, true);
	g->m = grouping_model(g->gr);
	free(inclusive_compute(g->m, true, &n));
}

static void ungroup(struct grouped *g)
{
	grouping_free(g->gr);
	unit_release(&g->p);
}

static const struct func *group_named(const struct grouped *g, const char *name)
{
	for (size_t i = 0; i < g->m->nfuncs; i++)
		if (strcmp(g->m->func_list[i]->key.name, name) == 0)
			return g->m->func_list[i];
	ck_abort_msg("no group %s", name);
	return NULL;
}

/* Group NAME's self, inclusive and estimated cost, whether it is exact,
 * the calls entering it and its number of functions. */
static void check_group(const struct grouped *g, const char *name, cost_t self, cost_t incl,
			cost_t estimate, bool exact, cost_t calls, size_t members)
{
	const struct func *f = group_named(g, name);

	ck_assert_cost_eq(f->self[0], self);
	ck_assert_cost_eq(f->total[0], incl);
	ck_assert_cost_eq(estimate_of(f, 0), estimate);
	ck_assert_msg(f->recursive == !exact, "%s: %s", name, exact ? "not exact" : "exact");
	ck_assert_cost_eq(profile_times_called(g->m, f), calls);
	ck_assert_cost_eq(percall_entries(g->m, f), calls);
	ck_assert_uint_eq(grouping_members(g->gr, f), members);
}

START_TEST(test_by_class)
{
	struct grouped g;

	group(&g, two_classes, GROUP_CLASS, true);
	ck_assert_uint_eq(g.m->nfuncs, 3);
	check_group(&g, "(global)", 10, 180, 180, true, 0, 1);
	check_group(&g, "ns::A", 40, 100, 100, true, 2, 1);
	check_group(&g, "ns::B", 130, 130, 130, true, 7, 2);
	ungroup(&g);
}
END_TEST

START_TEST(test_by_namespace)
{
	struct grouped g;

	group(&g, two_classes, GROUP_NAMESPACE, true);
	ck_assert_uint_eq(g.m->nfuncs, 2);
	/* The bound: self 170 plus nothing out; or the calls in from main,
	 * 100 + 50 + 20; the stacks through f, g or h add up to as much. */
	check_group(&g, "ns", 170, 170, 170, false, 7, 3);
	check_group(&g, "(global)", 10, 180, 180, true, 0, 1);
	ungroup(&g);
}
END_TEST

START_TEST(test_by_file_and_object)
{
	struct grouped g;

	group(&g, two_classes, GROUP_FILE, false);
	/* main runs f: a.c is a bound, main's own 180; without stacks the
	 * estimate is that. */
	check_group(&g, "a.c", 50, 180, 180, false, 0, 2);
	check_group(&g, "b.c", 130, 130, 130, true, 7, 2);
	ungroup(&g);
	group(&g, two_classes, GROUP_OBJECT, true);
	ck_assert_uint_eq(g.m->nfuncs, 1);
	check_group(&g, "/bin/prog", 180, 180, 180, false, 0, 4);
	ungroup(&g);
}
END_TEST

START_TEST(test_recursive)
{
	struct grouped g;

	group(&g, recursive, GROUP_CLASS, true);
	/* r calls itself: no sum is exact.  Bounds: 45 + 50 out of the group;
	 * 95 in from main; r's own, 95.  Only main's call enters it. */
	check_group(&g, "ns::C", 95, 95, 95, false, 1, 2);
	check_group(&g, "(global)", 5, 100, 100, true, 0, 1);
	ungroup(&g);
}
END_TEST

START_TEST(test_stacks_merged)
{
	struct grouped g;
	struct stacks s, merged;

	group(&g, two_classes, GROUP_NAMESPACE, false);
	stacks_estimate(&s, &g.p, 0);
	grouping_stacks(g.gr, &s, &merged);
	/* main, then main;ns three times: f with g above it merged into one
	 * frame, g and h each one (siblings merge where the stacks are
	 * folded); no ns above an ns. */
	ck_assert_uint_eq(merged.n, 4);
	ck_assert_str_eq(merged.frames[0].func->key.name, "(global)");
	ck_assert_cost_eq(merged.frames[0].count, 10);
	for (size_t f = 1; f < merged.n; f++) {
		ck_assert_str_eq(merged.frames[f].func->key.name, "ns");
		ck_assert_uint_eq(merged.frames[f].parent, 0);
	}
	ck_assert_cost_eq(merged.frames[1].count + merged.frames[2].count + merged.frames[3].count,
			  170);
	stacks_release(&merged);
	stacks_release(&s);
	ungroup(&g);
}
END_TEST

static Suite *group_suite(void)
{
	Suite *s = suite_create("group");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_per_call_text);
	tcase_add_test(tc, test_by_class);
	tcase_add_test(tc, test_by_namespace);
	tcase_add_test(tc, test_by_file_and_object);
	tcase_add_test(tc, test_recursive);
	tcase_add_test(tc, test_stacks_merged);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(group_suite());
}
