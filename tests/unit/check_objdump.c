/* Reading objdump's disassembly: instruction lines with and without their
 * bytes, wrapped bytes, labels, headers and junk. */
#include "unit.h"

#include "read-objdump.h"

static void parse(struct objdump_listing *l, const char *text)
{
	objdump_init(l);
	while (*text) {
		size_t n = strcspn(text, "\n");

		objdump_parse_line(l, text, n);
		text += n + (text[n] == '\n');
	}
	objdump_finish(l);
}

START_TEST(test_without_bytes)
{
	struct objdump_listing l;

	parse(&l, "\n/tmp/t:     file format elf64-x86-64\n\n\n"
		  "Disassembly of section .text:\n\n"
		  "0000000000001139 <f>:\n"
		  "    1139:\tpush   %rbp\n"
		  "    113a:\tmov    %rsp,%rbp\n"
		  "    1177:\tjne    117f <f+0x46>\n"
		  "\t...\n"
		  "0000000000001190 <main>:\n"
		  "    1190:\tret    \n");
	ck_assert_uint_eq(l.count, 4);
	ck_assert_uint_eq(l.insns[0].address, 0x1139);
	ck_assert_str_eq(l.insns[0].text, "push   %rbp");
	ck_assert(l.insns[0].symbol_start);
	ck_assert(!l.insns[1].symbol_start);
	ck_assert_str_eq(l.insns[2].text, "jne    117f <f+0x46>");
	ck_assert_uint_eq(l.insns[3].address, 0x1190);
	ck_assert_str_eq(l.insns[3].text, "ret");
	ck_assert(l.insns[3].symbol_start);
	objdump_release(&l);
}
END_TEST

START_TEST(test_with_bytes)
{
	struct objdump_listing l;

	/* A long instruction's bytes continue on a line of their own. */
	parse(&l, "0000000000401000 <_start>:\n"
		  "  401000:\t48 b8 00 00 00 00 00 \tmovabs $0x0,%rax\n"
		  "  401007:\t00 00 00 \n"
		  "  40100a:\t55                   \tpush   %rbp\n"
		  "  40100b:\tc3                   \tret\n");
	ck_assert_uint_eq(l.count, 3);
	ck_assert_uint_eq(l.insns[0].address, 0x401000);
	ck_assert_str_eq(l.insns[0].text, "movabs $0x0,%rax");
	ck_assert_uint_eq(l.insns[1].address, 0x40100a);
	ck_assert_str_eq(l.insns[1].text, "push   %rbp");
	ck_assert_str_eq(l.insns[2].text, "ret");
	objdump_release(&l);
}
END_TEST

START_TEST(test_junk_and_order)
{
	struct objdump_listing l;

	/* Runs over several ranges come in any order; an address read twice
	 * keeps its first text; what is no instruction line is skipped. */
	parse(&l, "    2000:\tnop\n"
		  "    1000:\tpush   %rbp\n"
		  "    2000:\tint3\n"
		  "objdump: warning: something\n"
		  "zzzz:\tnot hex\n"
		  "    3000:\n"
		  "    3001 \tno colon\n"
		  "    ffffffffffffffff:\tud2\n"
		  "    10000000000000000:\ttoo long\n"
		  "0000000000001000 <f>:\n");
	ck_assert_uint_eq(l.count, 3);
	ck_assert_uint_eq(l.insns[0].address, 0x1000);
	ck_assert_uint_eq(l.insns[1].address, 0x2000);
	ck_assert_str_eq(l.insns[1].text, "nop");
	ck_assert_uint_eq(l.insns[2].address, UINT64_MAX);
	ck_assert_uint_eq(objdump_lower_bound(&l, 0), 0);
	ck_assert_uint_eq(objdump_lower_bound(&l, 0x1001), 1);
	ck_assert_uint_eq(objdump_lower_bound(&l, 0x2000), 1);
	ck_assert_uint_eq(objdump_lower_bound(&l, UINT64_MAX), 2);
	objdump_release(&l);
}
END_TEST

START_TEST(test_run)
{
	struct objdump_listing l;

	objdump_init(&l);
	ck_assert(!objdump_available("/nonexistent/objdump"));
	ck_assert(!objdump_available(""));
	ck_assert(objdump_available("sh"));
	ck_assert_ptr_nonnull(objdump_run("/nonexistent/objdump", "x", 0, 1, &l));
	/* A program that fails is reported with its status. */
	ck_assert_str_eq(objdump_run("false", "x", 0, 1, &l), "objdump exited with status 1");
	ck_assert_ptr_null(objdump_run("true", "x", 0, 1, &l));
	ck_assert_uint_eq(l.count, 0);
	objdump_release(&l);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("objdump");
	TCase *tc = tcase_create("objdump");

	tcase_add_test(tc, test_without_bytes);
	tcase_add_test(tc, test_with_bytes);
	tcase_add_test(tc, test_junk_and_order);
	tcase_add_test(tc, test_run);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
