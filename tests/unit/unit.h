/* Helpers shared by the unit tests: profiles written from string literals. */
#ifndef CGA_UNIT_H
#define CGA_UNIT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "read-callgrind.h"
#include "fmt-num.h"
#include "model-profile.h"

/* Counts are 128-bit: Check's integer assertions would cut them to 64
 * bits, and COST_ABSENT to 0. */
#define ck_assert_cost_eq(x, y) do { \
	cost_t cx_ = (x), cy_ = (y); \
	char bx_[NUMFMT_COUNT_MAX], by_[NUMFMT_COUNT_MAX]; \
	if (cx_ != cy_) { \
		numfmt_decimal(bx_, cx_); \
		numfmt_decimal(by_, cy_); \
		ck_abort_msg("%s == %s: %s != %s", #x, #y, bx_, by_); \
	} \
} while (0)

/* Write TEXT to a new temporary file named by the mkstemp template PATH,
 * which gets the file's name. */
static inline void unit_write_temp(char *path, const char *text)
{
	int fd = mkstemp(path);
	FILE *f;

	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* Read TEXT into P, which is initialised and may already hold other
 * profiles. */
static inline void unit_read_more(struct profile *p, const char *text)
{
	char path[] = "/tmp/cgannotate-unit-XXXXXX";
	struct input in;

	unit_write_temp(path, text);
	input_open(&in, path);
	callgrind_read(p, &in);
	input_close(&in);
	unlink(path);
}

/* Read TEXT as a profile into P, keeping per-line data for every file. */
static inline void unit_read(struct profile *p, const char *text)
{
	profile_init(p, strdup("unit.out"));
	p->annotate_all = true;
	unit_read_more(p, text);
}

static inline void unit_release(struct profile *p)
{
	free((char *)p->path);
	profile_release(p);
}

/* The function FILE:NAME, which must exist. */
static inline struct func *unit_func(struct profile *p, const char *fullname)
{
	for (size_t i = 0; i < p->nfuncs; i++)
		if (strcmp(p->func_list[i]->fullname, fullname) == 0)
			return p->func_list[i];
	ck_abort_msg("no function %s", fullname);
	return NULL;
}

static inline const struct line_entry *unit_line(struct profile *p, const char *file, int64_t line)
{
	struct pfile *f = profile_find_file(p, file);

	ck_assert_ptr_nonnull(f);
	return linetab_find(&f->lines, line);
}

/* Count EVENT of the self cost of FILE:LINE, which must have one. */
static inline cost_t unit_line_cost(struct profile *p, const char *file, int64_t line,
				    size_t event)
{
	const struct line_entry *e = unit_line(p, file, line);

	ck_assert_ptr_nonnull(e);
	ck_assert_ptr_nonnull(e->cost);
	return cells_get(&p->spill, e->cost, event);
}

/* Run SUITE; exit status 0 if every test passed. */
static inline int unit_run(Suite *suite)
{
	SRunner *sr = srunner_create(suite);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
