/* The input layer: lines from files, pipes and gzip data, and the
 * progress indicator's silence off a terminal. */
#include "unit.h"

#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>

#include "diag.h"
#include "read-input.h"
#include "read-progress.h"

/* "events: Ir\nfl=a.c\nfn=main\n3 5\n4 7\n", then "fn=g\n9 11\n", as
 * two gzip members (gzip -n -c of each half, concatenated): written out
 * so that the test needs no zlib of its own. */
static const unsigned char two_members[] = {
	0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x4b, 0x2d,
	0x4b, 0xcd, 0x2b, 0x29, 0xb6, 0x52, 0xf0, 0x2c, 0xe2, 0x4a, 0xcb, 0xb1,
	0x4d, 0xd4, 0x4b, 0xe6, 0x4a, 0xcb, 0xb3, 0xcd, 0x4d, 0xcc, 0xcc, 0xe3,
	0x32, 0x56, 0x30, 0xe5, 0x32, 0x51, 0x30, 0xe7, 0x02, 0x00, 0xc0, 0x1a,
	0x81, 0xf1, 0x22, 0x00, 0x00, 0x00,
	0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4b, 0xcb,
	0xb3, 0x4d, 0xe7, 0xb2, 0x54, 0x30, 0x34, 0xe4, 0x02, 0x00, 0x14, 0x45,
	0xb2, 0x55, 0x0a, 0x00, 0x00, 0x00,
};

/* A new temporary file holding LEN bytes of DATA; its name in PATH. */
static void write_temp(char *path, const void *data, size_t len)
{
	int fd;

	strcpy(path, "/tmp/cgannotate-unit-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, data, len), (ssize_t)len);
	close(fd);
}

/* Standard input becomes a pipe holding LEN bytes of DATA (small enough
 * for the pipe's buffer). */
static void stdin_from_pipe(const void *data, size_t len)
{
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(write(fds[1], data, len), (ssize_t)len);
	close(fds[1]);
	ck_assert_int_ge(dup2(fds[0], STDIN_FILENO), 0);
	close(fds[0]);
}

/* Every line of IN joined with "|". */
static char *all_lines(struct input *in)
{
	static char text[4096];
	const char *line;
	size_t len, n = 0;

	while (input_line(in, &line, &len)) {
		ck_assert_uint_lt(n + len + 1, sizeof(text));
		memcpy(text + n, line, len);
		n += len;
		text[n++] = '|';
	}
	text[n] = '\0';
	return text;
}

static const char lines_text[] = "one\r\ntwo\n\nlast without newline";
static const char lines_joined[] = "one|two||last without newline|";

START_TEST(test_regular_file)
{
	char path[64];
	struct input in;

	write_temp(path, lines_text, strlen(lines_text));
	input_open(&in, path);
	ck_assert_int_eq(in.size, (off_t)strlen(lines_text));
	ck_assert_str_eq(all_lines(&in), lines_joined);
	ck_assert_uint_eq(in.lineno, 4);
	input_close(&in);
	unlink(path);
}
END_TEST

START_TEST(test_stdin_pipe)
{
	struct input in;
	const char *head;
	size_t len;

	stdin_from_pipe(lines_text, strlen(lines_text));
	input_open(&in, "-");
	ck_assert_int_eq(in.size, -1);
	input_peek(&in, &head, &len);
	ck_assert_uint_eq(len, strlen(lines_text));
	ck_assert_str_eq(all_lines(&in), lines_joined);
	input_close(&in);
	/* Standard input is not closed. */
	ck_assert_int_ne(fcntl(STDIN_FILENO, F_GETFD), -1);
}
END_TEST

START_TEST(test_long_line_across_reads)
{
	size_t n = 3u << 20;
	char *text = malloc(n + 2);
	int fds[2];
	pid_t pid;
	struct input in;
	const char *line;
	size_t len;

	/* A line longer than the read buffer, from a pipe, written by a child. */
	memset(text, 'x', n);
	text[n] = '\n';
	text[n + 1] = 'y';
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fds[0]);
		_exit(write(fds[1], text, n + 2) == (ssize_t)(n + 2) ? 0 : 1);
	}
	close(fds[1]);
	ck_assert_int_ge(dup2(fds[0], STDIN_FILENO), 0);
	input_open(&in, "-");
	ck_assert(input_line(&in, &line, &len));
	ck_assert_uint_eq(len, n);
	ck_assert(input_line(&in, &line, &len));
	ck_assert_uint_eq(len, 1);
	ck_assert(!input_line(&in, &line, &len));
	input_close(&in);
	free(text);
}
END_TEST

#ifdef HAVE_ZLIB
/* Read the gzip data from a file named without .gz, through the reader. */
START_TEST(test_gzip_file_reader)
{
	char path[64];
	struct profile p;
	struct input in;

	write_temp(path, two_members, sizeof(two_members));
	profile_init(&p, path);
	p.annotate_all = true;
	input_open(&in, path);
	callgrind_read(&p, &in);
	input_close(&in);
	ck_assert_cost_eq(unit_func(&p, "a.c:main")->self[0], 12);
	ck_assert_cost_eq(unit_func(&p, "a.c:g")->self[0], 11);
	ck_assert_cost_eq(unit_line_cost(&p, "a.c", 9, 0), 11);
	profile_release(&p);
	unlink(path);
}
END_TEST

START_TEST(test_gzip_stdin)
{
	struct input in;
	const char *head;
	size_t len;

	stdin_from_pipe(two_members, sizeof(two_members));
	input_open(&in, "-");
	input_peek(&in, &head, &len);
	ck_assert_uint_ge(len, 10);
	ck_assert_int_eq(memcmp(head, "events: Ir", 10), 0);
	ck_assert_str_eq(all_lines(&in), "events: Ir|fl=a.c|fn=main|3 5|4 7|fn=g|9 11|");
	input_close(&in);
}
END_TEST

START_TEST(test_gzip_truncated)
{
	struct input in;

	/* Cut inside the first member: an input error. */
	stdin_from_pipe(two_members, 30);
	input_open(&in, "-");
	all_lines(&in);
}
END_TEST
#else
START_TEST(test_gzip_without_zlib)
{
	struct input in;

	stdin_from_pipe(two_members, sizeof(two_members));
	input_open(&in, "-");
}
END_TEST
#endif

/* A sparse file of SIZE bytes with a newline every megabyte. */
static void write_large(char *path, off_t size)
{
	int fd;

	strcpy(path, "/tmp/cgannotate-unit-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, size), 0);
	for (off_t at = 1 << 20; at < size; at += 1 << 20)
		ck_assert_int_eq(pwrite(fd, "\n", 1, at), 1);
	close(fd);
}

START_TEST(test_progress_silent_off_terminal)
{
	char path[64], errpath[64];
	struct input in;
	const char *line;
	size_t len, n = 0;
	struct stat st;

	/* Over the size that earns an indicator, but stderr is a file. */
	write_large(path, (off_t)PROGRESS_MIN_SIZE + (8 << 20));
	write_temp(errpath, "", 0);
	ck_assert_ptr_nonnull(freopen(errpath, "w", stderr));
	input_open(&in, path);
	ck_assert_ptr_null(in.progress.out);
	while (input_line(&in, &line, &len))
		n++;
	input_close(&in);
	fflush(stderr);
	ck_assert_uint_eq(n, PROGRESS_MIN_SIZE / (1 << 20) + 8);
	ck_assert_int_eq(stat(errpath, &st), 0);
	ck_assert_int_eq(st.st_size, 0);
	unlink(path);
	unlink(errpath);
}
END_TEST

START_TEST(test_progress_wanted)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY), slave, null = open("/dev/null", O_WRONLY);
	char *name;

	ck_assert_int_ge(master, 0);
	ck_assert_int_eq(grantpt(master), 0);
	ck_assert_int_eq(unlockpt(master), 0);
	name = ptsname(master);
	ck_assert_ptr_nonnull(name);
	slave = open(name, O_RDWR | O_NOCTTY);
	ck_assert_int_ge(slave, 0);
	unsetenv("CI");
	ck_assert(progress_wanted(slave, PROGRESS_MIN_SIZE));
	ck_assert(!progress_wanted(slave, PROGRESS_MIN_SIZE - 1));
	ck_assert(!progress_wanted(null, PROGRESS_MIN_SIZE));
	setenv("CI", "true", 1);
	ck_assert(!progress_wanted(slave, PROGRESS_MIN_SIZE));
	close(null);
	close(slave);
	close(master);
}
END_TEST

START_TEST(test_progress_draws_and_erases)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	struct progress pr;

	ck_assert_ptr_nonnull(out);
	progress_init(&pr, out, "big.out", 1000);
	progress_update(&pr, 420);
	/* Throttled: an update right after draws nothing. */
	progress_update(&pr, 430);
	progress_end(&pr);
	progress_update(&pr, 500);
	fclose(out);
	ck_assert_str_eq(text, "cgannotate: reading big.out: 42%\r"
			       "                                \r");
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("input");
	TCase *tc = tcase_create("input");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_regular_file);
	tcase_add_test(tc, test_stdin_pipe);
	tcase_add_test(tc, test_long_line_across_reads);
#ifdef HAVE_ZLIB
	tcase_add_test(tc, test_gzip_file_reader);
	tcase_add_test(tc, test_gzip_stdin);
	tcase_add_exit_test(tc, test_gzip_truncated, EXIT_INPUT);
#else
	tcase_add_exit_test(tc, test_gzip_without_zlib, EXIT_INPUT);
#endif
	tcase_add_test(tc, test_progress_silent_off_terminal);
	tcase_add_test(tc, test_progress_wanted);
	tcase_add_test(tc, test_progress_draws_and_erases);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
