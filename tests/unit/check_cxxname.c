/* Reading class and namespace from demangled C++ names: the real names of
 * tests/golden/data/groups/cxxnames.txt read as one profile's, and the forms named in
 * fmt-cxxname.h one by one. */
#include "unit.h"

#include "fmt-cxxname.h"

#define MAX_NAMES 1000

struct expected {
	char *name, *class, *namespace;
};

/* The span LEN at START of NAME, or "(global)" when LEN is 0. */
static char *span(const char *name, size_t start, size_t len)
{
	return len == 0 ? strdup("(global)") : strndup(name + start, len);
}

static void check_one(const struct cxx_scopes *s, const char *name, const char *class,
		      const char *namespace)
{
	size_t start, len = cxx_class_of(s, name, &start);
	char *got = span(name, start, len);

	ck_assert_msg(strcmp(got, class) == 0, "class of %s: '%s', not '%s'", name, got, class);
	free(got);
	len = cxx_namespace_of(s, name, &start);
	got = span(name, start, len);
	ck_assert_msg(strcmp(got, namespace) == 0, "namespace of %s: '%s', not '%s'", name, got,
		      namespace);
	free(got);
}

/* The lines of the file of expectations: CLASS TAB NAMESPACE TAB NAME. */
static size_t read_expected(struct expected *e)
{
	const char *dir = getenv("srcdir");
	char *path = NULL, line[1 << 16];
	size_t n = 0;
	FILE *f;

	ck_assert_int_ge(asprintf(&path, "%s/tests/golden/data/groups/cxxnames.txt", dir ? dir : "."), 0);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	while (fgets(line, sizeof(line), f) != NULL) {
		char *tab1, *tab2;

		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		tab1 = strchr(line, '\t');
		tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
		ck_assert_msg(tab2 != NULL, "%s: malformed line: %s", path, line);
		ck_assert_uint_lt(n, MAX_NAMES);
		e[n].class = strndup(line, (size_t)(tab1 - line));
		e[n].namespace = strndup(tab1 + 1, (size_t)(tab2 - tab1 - 1));
		e[n].name = strdup(tab2 + 1);
		n++;
	}
	fclose(f);
	free(path);
	return n;
}

START_TEST(test_real_names)
{
	static struct expected e[MAX_NAMES];
	size_t n = read_expected(e);
	struct cxx_scopes *s = cxx_scopes_new();

	ck_assert_uint_ge(n, 60);
	for (size_t i = 0; i < n; i++)
		cxx_scopes_learn(s, e[i].name);
	for (size_t i = 0; i < n; i++) {
		check_one(s, e[i].name, e[i].class, e[i].namespace);
		free(e[i].name);
		free(e[i].class);
		free(e[i].namespace);
	}
	cxx_scopes_free(s);
}
END_TEST

/* NAMES[0..N) read as one profile's, each checked against its class and
 * namespace (pairs after each name). */
static void check_set(const char *const (*t)[3], size_t n)
{
	struct cxx_scopes *s = cxx_scopes_new();

	for (size_t i = 0; i < n; i++)
		cxx_scopes_learn(s, t[i][0]);
	for (size_t i = 0; i < n; i++)
		check_one(s, t[i][0], t[i][1], t[i][2]);
	cxx_scopes_free(s);
}

#define CHECK_SET(t) check_set(t, sizeof(t) / sizeof(t[0]))

START_TEST(test_suffixes)
{
	static const char *const t[][3] = {
		{ "ns::Cls::f(int) [clone .isra.0]", "ns::Cls", "ns" },
		{ "ns::Cls::f(int) [clone .isra.0] [clone .cold]'2", "ns::Cls", "ns" },
		{ "ns::Cls::g() const'3", "ns::Cls", "ns" },
		/* --separate-callers: "'caller" after the name. */
		{ "ns::Cls::h(int)'ns::Cls::g() const'main", "ns::Cls", "ns" },
		{ "main'(below main)", "(global)", "(global)" },
		{ "(below main)", "(global)", "(global)" },
		{ "0x0000000000401000", "(global)", "(global)" },
		{ "???", "(global)", "(global)" },
		{ "memcpy@@GLIBC_2.14", "(global)", "(global)" },
		{ "intel_check_word.constprop.0", "(global)", "(global)" },
	};

	CHECK_SET(t);
}
END_TEST

START_TEST(test_templates)
{
	static const char *const t[][3] = {
		/* ">>" closes two lists, as C++11 compilers and other demanglers
		 * write it. */
		{ "ns::Box<ns::Pair<int, int>>::get() const", "ns::Box<ns::Pair<int, int>>", "ns" },
		{ "ns::Box<std::vector<ns::Pair<int, long>>>::size()",
		  "ns::Box<std::vector<ns::Pair<int, long>>>", "ns" },
		/* A return type, and template arguments of the function. */
		{ "std::vector<int, std::allocator<int> >::iterator ns::find<int>(int const&)",
		  "(global)", "ns" },
		{ "void ns::Box<int>::set<long>(long)", "ns::Box<int>", "ns" },
		{ "decltype ({parm#1}.begin()) std::begin<ns::Box<int> >(ns::Box<int>&)", "(global)",
		  "std" },
		/* Non-type arguments, as the demangler writes them. */
		{ "ns::Fixed<(char)97, (ns::Mode)2>::value()", "ns::Fixed<(char)97, (ns::Mode)2>",
		  "ns" },
	};

	CHECK_SET(t);
}
END_TEST

START_TEST(test_operators)
{
	static const char *const t[][3] = {
		{ "ns::Vec::operator()(int) const", "ns::Vec", "ns" },
		{ "ns::Vec::operator[](unsigned long)", "ns::Vec", "ns" },
		{ "ns::Vec::operator<(ns::Vec const&) const", "ns::Vec", "ns" },
		{ "ns::Vec::operator<<(int)", "ns::Vec", "ns" },
		{ "ns::Vec::operator->()", "ns::Vec", "ns" },
		{ "ns::Vec::operator<=>(ns::Vec const&) const", "ns::Vec", "ns" },
		{ "ns::Vec::operator std::__cxx11::basic_string<char, std::char_traits<char>, "
		  "std::allocator<char> >() const", "ns::Vec", "ns" },
		/* Free operators: two parameters, in a namespace. */
		{ "ns::operator<<(std::ostream&, ns::Vec const&)", "(global)", "ns" },
		{ "bool ns::operator< <int>(ns::Box<int> const&, ns::Box<int> const&)", "(global)",
		  "ns" },
		{ "std::ostream& std::operator<< <std::char_traits<char> >(std::ostream&, char const*)",
		  "(global)", "std" },
		{ "operator new[](unsigned long)", "(global)", "(global)" },
		{ "operator delete(void*, unsigned long)", "(global)", "(global)" },
		{ "ns::operator\"\" _km(unsigned long long)", "(global)", "ns" },
	};

	CHECK_SET(t);
}
END_TEST

START_TEST(test_local)
{
	static const char *const t[][3] = {
		/* Lambdas and local classes are their enclosing function's. */
		{ "ns::A::f(int)::{lambda(int)#1}::operator()(int) const", "ns::A", "ns" },
		{ "ns::A::f(int) const::{lambda()#2}::operator()() const", "ns::A", "ns" },
		{ "ns::A::A()", "ns::A", "ns" },
		{ "ns::g(int)::Local::run()", "(global)", "ns" },
		{ "ns::g(int)::{lambda()#1}::operator()() const::{lambda(int)#1}::operator()(int) const",
		  "(global)", "ns" },
		{ "main::{lambda(int)#1}::_FUN(int)", "(global)", "(global)" },
		{ "{lambda()#1}::operator()() const", "(global)", "(global)" },
		/* A function pointer and a pointer to member among the parameters. */
		{ "ns::A::each(void (*)(int, char), int (ns::A::*)() const)", "ns::A", "ns" },
	};

	CHECK_SET(t);
}
END_TEST

START_TEST(test_scopes)
{
	static const char *const t[][3] = {
		/* Anonymous namespaces, nested or outermost. */
		{ "(anonymous namespace)::helper(int)", "(global)", "(anonymous namespace)" },
		{ "ns::(anonymous namespace)::helper(int)", "(global)", "ns" },
		{ "(anonymous namespace)::Pass::Pass(gcc::context*)", "(anonymous namespace)::Pass",
		  "(anonymous namespace)" },
		/* Thunks are their class's. */
		{ "non-virtual thunk to ns::Derived::~Derived()", "ns::Derived", "ns" },
		{ "virtual thunk to ns::Derived::run()", "ns::Derived", "ns" },
		/* Nested in a class: a class. */
		{ "ns::Outer::Outer()", "ns::Outer", "ns" },
		{ "ns::Outer::inner::step()", "ns::Outer::inner", "ns" },
		/* Named as a type: a class, though nothing else shows it. */
		{ "ns::use(ns::thing*)", "(global)", "ns" },
		{ "ns::thing::touch()", "ns::thing", "ns" },
		/* Nothing shows: a capital or an underscore reads as a class's,
		 * a scope holding others or a short word as a namespace's. */
		{ "util::clamp(int)", "(global)", "util" },
		{ "Walker::walk()", "Walker", "(global)" },
		{ "range_cache::fill()", "range_cache", "(global)" },
		{ "Deep::Inner::run()", "Deep::Inner", "Deep" },
		/* The standard library's namespaces, whatever is in them. */
		{ "std::__detail::_Prime_rehash_policy::_M_next_bkt(unsigned long) const",
		  "std::__detail::_Prime_rehash_policy", "std" },
		{ "std::chrono::_V2::steady_clock::now()", "std::chrono::_V2::steady_clock", "std" },
		{ "std::__throw_length_error(char const*)", "(global)", "std" },
		/* Alone, "__ops" would read as a class's name. */
		{ "__gnu_cxx::__ops::__iter_less_iter()", "(global)", "__gnu_cxx" },
		/* ABI tags are no part of a constructor's name. */
		{ "ns::Name::Name[abi:cxx11](int)", "ns::Name", "ns" },
	};

	CHECK_SET(t);
}
END_TEST

static Suite *cxxname_suite(void)
{
	Suite *s = suite_create("cxxname");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_real_names);
	tcase_add_test(tc, test_suffixes);
	tcase_add_test(tc, test_templates);
	tcase_add_test(tc, test_operators);
	tcase_add_test(tc, test_local);
	tcase_add_test(tc, test_scopes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(cxxname_suite());
}
