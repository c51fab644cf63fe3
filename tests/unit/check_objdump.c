/* Reading objdump's disassembly: instruction lines with and without their
 * bytes, wrapped bytes, labels, headers and junk. */
#include "unit.h"

#include "read-objdump.h"

static void parse_into(struct objdump_listing *l, const char *text)
{
	while (*text) {
		size_t n = strcspn(text, "\n");

		objdump_parse_line(l, text, n);
		text += n + (text[n] == '\n');
	}
}

static void parse(struct objdump_listing *l, const char *text)
{
	objdump_init(l);
	parse_into(l, text);
	objdump_finish(l);
}

/* Instructions at 0x10, 0x11, ... 0x10 + N - 1, with a label before the
 * first. */
static void parse_run(struct objdump_listing *l, unsigned n)
{
	char line[64];

	objdump_parse_line(l, "0000000000000010 <f>:", 21);
	for (unsigned i = 0; i < n; i++) {
		int len = snprintf(line, sizeof(line), "  %x:\tnop%u", 0x10 + i, i);

		objdump_parse_line(l, line, (size_t)len);
	}
}

/* The addresses L kept, as a string such as "10 11 | 19 1a": "|" before
 * an instruction that has gap_before. */
static const char *kept(const struct objdump_listing *l, char *buf, size_t cap)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < l->count; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s%s%lx", i ? " " : "",
				      l->insns[i].gap_before ? "| " : "",
				      (unsigned long)l->insns[i].address);
	return buf;
}

START_TEST(test_keep_near)
{
	/* Wanted: 0x14 (an instruction), 0x1a and 0x1b (close: their
	 * contexts touch), 0x2a8 (past the end: nothing follows it). */
	static const uint64_t want[] = { 0x14, 0x1a, 0x1b, 0x30, 0x2a8 };
	struct objdump_listing l;
	char buf[512];

	objdump_init(&l);
	objdump_keep_near(&l, want, 5, 2);
	parse_run(&l, 0x40);
	objdump_finish(&l);
	ck_assert_str_eq(kept(&l, buf, sizeof(buf)),
			 "| 12 13 14 15 16 | 18 19 1a 1b 1c 1d | 2e 2f 30 31 32");
	ck_assert(l.insns[0].symbol_start == false);
	ck_assert_str_eq(l.insns[2].text, "nop4");
	objdump_release(&l);

	/* Context 0: only the wanted ones; the first instruction kept. */
	objdump_init(&l);
	objdump_keep_near(&l, want, 5, 0);
	parse_run(&l, 0x40);
	objdump_finish(&l);
	ck_assert_str_eq(kept(&l, buf, sizeof(buf)), "| 14 | 1a 1b | 30");
	objdump_release(&l);

	/* The label's flag stays with a held instruction that is kept. */
	objdump_init(&l);
	objdump_keep_near(&l, (const uint64_t[]){ 0x11 }, 1, 3);
	parse_run(&l, 0x8);
	objdump_finish(&l);
	ck_assert_str_eq(kept(&l, buf, sizeof(buf)), "10 11 12 13 14");
	ck_assert(l.insns[0].symbol_start);
	objdump_release(&l);

	/* An address that starts no instruction (0x13 of instructions 0x10,
	 * 0x12, 0x14, ...) keeps the context on both sides of its place; a
	 * long context holds many. */
	objdump_init(&l);
	objdump_keep_near(&l, (const uint64_t[]){ 0x13, 0x80 }, 2, 1);
	for (unsigned a = 0x10; a < 0x40; a += 2) {
		int len = snprintf(buf, sizeof(buf), "  %x:\tnop", a);

		objdump_parse_line(&l, buf, (size_t)len);
	}
	objdump_finish(&l);
	ck_assert_str_eq(kept(&l, buf, sizeof(buf)), "| 12 14");
	objdump_release(&l);

	objdump_init(&l);
	objdump_keep_near(&l, (const uint64_t[]){ 0x3f0 }, 1, 100);
	parse_run(&l, 0x500);
	objdump_finish(&l);
	ck_assert_uint_eq(l.count, 201);
	ck_assert(l.insns[0].gap_before);
	ck_assert_uint_eq(l.insns[0].address, 0x3f0 - 100);
	ck_assert_uint_eq(l.insns[200].address, 0x3f0 + 100);
	objdump_release(&l);
}
END_TEST

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
	tcase_add_test(tc, test_keep_near);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
