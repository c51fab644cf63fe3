/* libFuzzer harness: the input's first bytes choose command-line options,
 * the rest is the profile.  Each input goes through options_parse and the
 * target's whole pipeline, formatted into a memory buffer.
 *
 * die() must not end the fuzzing process: the fuzz build of diag.c calls
 * cga_fuzz_exit() instead of exit(), and that jumps back here.  Whatever
 * the pipeline had allocated is then unreachable; rather than letting it
 * leak (LeakSanitizer would report it, and memory would grow with every
 * rejected input), the harness records every block allocated during an
 * input through the sanitizer allocator's hooks and frees those still live
 * after a jump.  Inputs that end normally must free everything themselves:
 * what is left then is a real leak, which LeakSanitizer reports.
 *
 * Source annotation reads files named by the profile.  The harness works in
 * a scratch directory holding a few source files (text, binary, empty, a
 * directory, one long line) and turns annotation off for inputs naming
 * places where reading could block or never end (/dev, /proc, ...). */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sanitizer/allocator_interface.h>

#include "diag.h"
#include "args.h"
#include "fuzz.h"

/* --- blocks allocated during one input --------------------------------- */

#define TRACK_BITS 17
#define TRACK_SLOTS ((size_t)1 << TRACK_BITS)

static struct {
	const volatile void *slot[TRACK_SLOTS];   /* open addressing, linear probing */
	size_t count;
	unsigned long missed;                     /* blocks the table had no room for */
} track;

/* Recording is on in the thread running the input only: libFuzzer's own
 * threads (the fork-mode manager, the timeout watchdog) allocate too, and
 * freeing their blocks after a jump freed them twice. */
static __thread bool tracking;

static size_t track_home(const volatile void *p)
{
	return (size_t)((((uintptr_t)p >> 4) * 0x9e3779b97f4a7c15ULL) >> (64 - TRACK_BITS));
}

static void on_malloc(const volatile void *p, size_t size)
{
	size_t i;

	(void)size;
	if (!tracking || p == NULL)
		return;
	if (track.count >= TRACK_SLOTS / 2) {
		track.missed++;
		return;
	}
	for (i = track_home(p); track.slot[i] != NULL; i = (i + 1) & (TRACK_SLOTS - 1))
		;
	track.slot[i] = p;
	track.count++;
}

/* Linear-probing deletion: move later entries of the run back into the hole
 * unless their home lies cyclically in (hole, j]. */
static void on_free(const volatile void *p)
{
	size_t i, j, k;

	if (!tracking || p == NULL)
		return;
	for (i = track_home(p); track.slot[i] != p; i = (i + 1) & (TRACK_SLOTS - 1))
		if (track.slot[i] == NULL)
			return;
	track.slot[i] = NULL;
	track.count--;
	for (j = (i + 1) & (TRACK_SLOTS - 1); track.slot[j] != NULL; j = (j + 1) & (TRACK_SLOTS - 1)) {
		k = track_home(track.slot[j]);
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		track.slot[i] = track.slot[j];
		track.slot[j] = NULL;
		i = j;
	}
}

/* Stop recording; free the recorded blocks if FREE, else just forget them. */
static void track_end(bool free_them)
{
	tracking = false;
	if (track.count == 0)
		return;
	for (size_t i = 0; i < TRACK_SLOTS; i++)
		if (track.slot[i] != NULL) {
			if (free_them)
				free((void *)track.slot[i]);
			track.slot[i] = NULL;
		}
	track.count = 0;
}

/* Whether P is a block allocated during the input and still live. */
static bool tracked(const void *p)
{
	for (size_t i = track_home(p); track.slot[i] != NULL; i = (i + 1) & (TRACK_SLOTS - 1))
		if (track.slot[i] == p)
			return true;
	return false;
}

/* glibc's list of open streams: every FILE is on it until fclose. */
extern FILE *_IO_list_all;

/* Close the streams the input opened and a die() left open (the page's
 * temporary files for the call graph, a source file): freeing them with
 * the other blocks would leave them on glibc's list of streams, which
 * exit() walks, and the fuzzer then hung in an endless walk or wrote
 * through freed memory.  A FILE is the block fopen, tmpfile and
 * open_memstream allocate. */
static void close_streams(void)
{
	FILE *open[64];
	size_t n = 0;

	for (FILE *f = _IO_list_all; f != NULL && n < sizeof(open) / sizeof(open[0]); f = f->_chain)
		if (f != stdin && f != stdout && f != stderr && tracked(f))
			open[n++] = f;
	for (size_t i = 0; i < n; i++)
		fclose(open[i]);
}

/* --- one input ----------------------------------------------------------- */

/* What a die() may leave behind, released by the harness after the jump;
 * static because automatic variables changed after setjmp are not reliable
 * after longjmp. */
static struct {
	jmp_buf jump;
	bool armed;
	FILE *out;
	char *text;
	size_t len;
	struct input in;
	bool in_open;
	struct options opt;
	bool opt_set;
} run;

_Noreturn void cga_fuzz_exit(int status)
{
	if (!run.armed)
		abort();
	longjmp(run.jump, status == 0 ? 100 : status);
}

static char sandbox[4096];
static char prefix[4100];
static char profile_path[64];
static int profile_fd = -1;

static void rm_sandbox(void)
{
	static const char *const files[] = { "a.c", "bin.c", "empty.c", "long.c", "sub/a.c",
					     "objdump" };
	char path[4200];

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", sandbox, files[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/dir.c", sandbox);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/sub", sandbox);
	rmdir(path);
	rmdir(sandbox);
}

static void make_sandbox(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(sandbox, sizeof(sandbox), "%s/cga-fuzz.XXXXXX",
		 tmp && *tmp && strlen(tmp) < 4000 ? tmp : "/tmp");
	if (mkdtemp(sandbox) == NULL || chdir(sandbox) != 0) {
		perror("fuzz sandbox");
		abort();
	}
	atexit(rm_sandbox);
	snprintf(prefix, sizeof(prefix), "%s/", sandbox);
	fuzz_sandbox_fill();
}

static void load_profile(const uint8_t *data, size_t size)
{
	if (ftruncate(profile_fd, 0) != 0 ||
	    (size > 0 && pwrite(profile_fd, data, size, 0) != (ssize_t)size)) {
		perror("fuzz profile");
		abort();
	}
}

static void release_run(void)
{
	if (run.out != NULL)
		fclose(run.out);
	free(run.text);
	if (run.in_open)
		input_close(&run.in);
	if (run.opt_set)
		options_release(&run.opt);
	run.out = NULL;
	run.text = NULL;
	run.in_open = run.opt_set = false;
	run.armed = false;
}

static void one_input(const uint8_t *data, size_t size, bool record)
{
	uint8_t b[FUZZ_OPT_BYTES] = { 0 };
	char *argv[FUZZ_MAX_ARGS + 1];
	char store[FUZZ_MAX_ARGS][FUZZ_ARG_MAX];
	size_t nb = size < FUZZ_OPT_BYTES ? size : FUZZ_OPT_BYTES;
	int argc;

	memcpy(b, data, nb);
	data += nb;
	size -= nb;
	argc = fuzz_args(b, data, size, profile_path, argv, store);
	load_profile(data, size);

	memset(&run, 0, sizeof(run));
	tracking = record;
	if (setjmp(run.jump) != 0) {
		release_run();
		if (record)
			close_streams();
		track_end(true);
		return;
	}
	run.armed = true;
	optind = 0;
	options_parse(&run.opt, argc, argv);
	run.opt_set = true;
	run.out = open_memstream(&run.text, &run.len);
	if (run.out == NULL)
		abort();
	input_open(&run.in, run.opt.profile);
	run.in_open = true;
	fuzz_target.run(&run.opt, &run.in, prefix, run.out);
	if (fflush(run.out) != 0)
		abort();
	release_run();
	track_end(false);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char warm[] =
		"\x21\x00\x03\x00\x00\x00"
		"events: Ir Dr\nfl=a.c\nfn=main\n3 10 2\ncfn=f\ncalls=2 5\n4 7 1\n"
		"fn=f\n5 7 1\n";

	cpu_set_t one;

	(void)argc;
	(void)argv;
	/* On one CPU the program starts no threads of its own (the stacks of
	 * other events, reading ahead): a die() in the input's thread jumps
	 * back here and frees what the input allocated, which a thread still
	 * at work would go on reading.  The threads have a test of their own
	 * under ThreadSanitizer. */
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu() >= 0 ? sched_getcpu() : 0, &one);
	if (sched_setaffinity(0, sizeof(one), &one) != 0) {
		perror("sched_setaffinity");
		abort();
	}
	make_sandbox();
	profile_fd = memfd_create("profile", 0);
	if (profile_fd < 0) {
		perror("memfd_create");
		abort();
	}
	snprintf(profile_path, sizeof(profile_path), "/proc/self/fd/%d", profile_fd);
	if (__sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) == 0) {
		fputs("fuzz harness: cannot install the allocator hooks\n", stderr);
		abort();
	}
	/* Let the C library make its one-time allocations (which must survive
	 * the input) before recording starts. */
	one_input((const uint8_t *)warm, sizeof(warm) - 1, false);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	one_input(data, size, true);
	if (track.missed == 1) {
		fputs("fuzz harness: too many blocks to record; some may leak\n", stderr);
		track.missed++;
	}
	return 0;
}
