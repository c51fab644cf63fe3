#include "read-objdump.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "read-number.h"

extern char **environ;

void objdump_init(struct objdump_listing *l)
{
	memset(l, 0, sizeof(*l));
	arena_init(&l->arena);
}

static void drop_held(struct objdump_listing *l, size_t n)
{
	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++)
		free((char *)l->held[i].text);
	memmove(l->held, l->held + n, (l->nheld - n) * sizeof(*l->held));
	l->nheld -= n;
	l->skipped = true;
}

void objdump_release(struct objdump_listing *l)
{
	drop_held(l, l->nheld);
	free(l->held);
	free(l->insns);
	arena_release(&l->arena);
	memset(l, 0, sizeof(*l));
}

/* A hexadecimal number at *S (at most 16 digits); false if there is none. */
static bool parse_hex(const char **s, const char *end, uint64_t *v)
{
	const char *p = *s;

	*v = 0;
	while (p < end && number_hex_digit(*p) < 16 && p - *s < 16)
		*v = *v << 4 | number_hex_digit(*p++);
	if (p == *s || (p < end && number_hex_digit(*p) < 16))
		return false;
	*s = p;
	return true;
}

static const char *trim_end(const char *s, const char *end)
{
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	return end;
}

/* Whether S..END is instruction bytes as objdump shows them: pairs of hex
 * digits separated by single spaces ("48 89 e5"), maybe with trailing
 * blanks. */
static bool is_bytes(const char *s, const char *end)
{
	end = trim_end(s, end);
	if (s == end)
		return false;
	while (s < end) {
		if (end - s < 2 || number_hex_digit(s[0]) >= 16 || number_hex_digit(s[1]) >= 16)
			return false;
		s += 2;
		if (s < end && *s++ != ' ')
			return false;
	}
	return true;
}

void objdump_keep_near(struct objdump_listing *l, const uint64_t *want, size_t nwant,
		       size_t context)
{
	l->want = want;
	l->nwant = nwant;
	l->context = context;
	l->next_want = 0;
}

static void keep(struct objdump_listing *l, struct objdump_insn in, size_t len)
{
	xgrow(&l->insns, &l->cap, l->count + 1, sizeof(*l->insns));
	in.text = arena_strndup(&l->arena, in.text, len);
	in.gap_before = l->skipped;
	l->skipped = false;
	l->insns[l->count++] = in;
}

/* The held instructions are the context before a wanted address: keep the
 * last CONTEXT of them. */
static void keep_held(struct objdump_listing *l)
{
	if (l->nheld > l->context)
		drop_held(l, l->nheld - l->context);
	for (size_t i = 0; i < l->nheld; i++) {
		keep(l, l->held[i], strlen(l->held[i].text));
		free((char *)l->held[i].text);
	}
	l->nheld = 0;
}

/* Hold IN as possible context; beyond twice CONTEXT held, the oldest half
 * can be context no more. */
static void hold(struct objdump_listing *l, struct objdump_insn in, size_t len)
{
	if (l->nheld > 0 && l->nheld >= 2 * l->context)
		drop_held(l, l->nheld - l->context);
	if (l->context == 0) {
		l->skipped = true;
		return;
	}
	xgrow(&l->held, &l->held_cap, l->nheld + 1, sizeof(*l->held));
	in.text = xstrndup(in.text, len);
	l->held[l->nheld++] = in;
}

static void add_insn(struct objdump_listing *l, uint64_t addr, const char *s, const char *end)
{
	struct objdump_insn in = { addr, s, l->after_label, false };
	size_t len = (size_t)(end - s);
	bool passed = false, hit = false;

	l->after_label = false;
	if (l->want == NULL) {
		keep(l, in, len);
		return;
	}
	while (l->next_want < l->nwant && l->want[l->next_want] < addr) {
		l->next_want++;
		passed = true;   /* an address that starts no instruction */
	}
	if (l->next_want < l->nwant && l->want[l->next_want] == addr) {
		l->next_want++;
		hit = true;
	}
	if (passed || hit)
		keep_held(l);
	if (passed)
		l->keep_after = l->context;
	if (hit) {
		keep(l, in, len);
		l->keep_after = l->context;
	} else if (l->keep_after > 0) {
		keep(l, in, len);
		l->keep_after--;
	} else {
		hold(l, in, len);
	}
}

/* "0000000000001139 <f>:" */
static bool is_label(const char *s, const char *end)
{
	uint64_t v;

	end = trim_end(s, end);
	return parse_hex(&s, end, &v) && s < end && *s == ' ' && end - s >= 4 &&
	       s[1] == '<' && end[-2] == '>' && end[-1] == ':';
}

void objdump_parse_line(struct objdump_listing *l, const char *line, size_t len)
{
	const char *s = line, *end = line + len, *tab;
	uint64_t addr;

	if (is_label(s, end)) {
		l->after_label = true;
		return;
	}
	/* "    1139:\tpush   %rbp" or "    1139:\t55    \tpush   %rbp" */
	while (s < end && *s == ' ')
		s++;
	if (!parse_hex(&s, end, &addr) || s >= end || *s != ':' || s + 1 >= end || s[1] != '\t' ||
	    (l->stopped && addr >= l->cut_from))
		return;
	s += 2;
	end = trim_end(s, end);
	tab = memchr(s, '\t', (size_t)(end - s));
	if (tab != NULL && is_bytes(s, tab))
		s = tab + 1;
	else if (tab == NULL && is_bytes(s, end))
		return;   /* the bytes of a long instruction, continued */
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s < end)
		add_insn(l, addr, s, end);
}

static int insn_cmp(const void *a, const void *b)
{
	const struct objdump_insn *x = a, *y = b;

	if (x->address != y->address)
		return x->address < y->address ? -1 : 1;
	/* Keep the first read: compare positions in the array. */
	return (x > y) - (x < y);
}

void objdump_finish(struct objdump_listing *l)
{
	size_t kept = 0;

	if (l->count > 1)
		qsort(l->insns, l->count, sizeof(*l->insns), insn_cmp);
	for (size_t i = 0; i < l->count; i++)
		if (kept == 0 || l->insns[kept - 1].address != l->insns[i].address)
			l->insns[kept++] = l->insns[i];
	l->count = kept;
}

size_t objdump_lower_bound(const struct objdump_listing *l, uint64_t addr)
{
	size_t lo = 0, hi = l->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->insns[mid].address < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

bool objdump_available(const char *program)
{
	const char *path = getenv("PATH");
	bool found = false;

	if (*program == '\0')
		return false;
	if (strchr(program, '/') != NULL)
		return executable(program);
	if (path == NULL)
		path = "/usr/bin:/bin";
	while (!found) {
		size_t n = strcspn(path, ":");
		char *try = n ? xasprintf("%.*s/%s", (int)n, path, program)
			      : xasprintf("./%s", program);

		found = executable(try);
		free(try);
		if (path[n] == '\0')
			break;
		path += n + 1;
	}
	return found;
}

/* Read the child's output on FD into L. */
static void read_output(int fd, struct objdump_listing *l)
{
	FILE *f = fdopen(fd, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;

	if (f == NULL) {
		close(fd);
		return;
	}
	while ((n = getline(&buf, &cap, f)) > 0) {
		if (buf[n - 1] == '\n')
			n--;
		objdump_parse_line(l, buf, (size_t)n);
	}
	free(buf);
	fclose(f);
}

/* objdump's messages in ERR, each after the "objdump: " it starts with:
 * warnings when it succeeded, else the first one into WHY[SIZE]. */
static void take_messages(FILE *err, bool failed, char *why, size_t size)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;

	rewind(err);
	while ((n = getline(&buf, &cap, err)) > 0) {
		const char *text = buf, *colon = strstr(buf, ": ");

		if (buf[n - 1] == '\n')
			buf[n - 1] = '\0';
		if (colon != NULL && strncmp(buf, "objdump", 7) == 0 && colon - buf < 64)
			text = colon + 2;
		if (*text == '\0')
			continue;
		if (!failed) {
			warn("objdump: %s", text);
		} else if (why[0] == '\0') {
			snprintf(why, size, "%s", text);
			break;
		}
	}
	free(buf);
}

static const char *spawn_failure(const char *program, int err)
{
	static char msg[256];

	snprintf(msg, sizeof(msg), "cannot run '%.200s': %s", program, strerror(err));
	return msg;
}

const char *objdump_run(const char *program, const char *object, uint64_t start,
			uint64_t stop, struct objdump_listing *l)
{
	static char msg[512];
	char from[32], to[32], why[400] = "";
	char *argv[] = { (char *)program, (char *)"-d", (char *)"--no-show-raw-insn",
			 (char *)"-C", from, to, (char *)"--", (char *)object, NULL };
	posix_spawn_file_actions_t fa;
	int fds[2], err, status;
	pid_t pid;
	FILE *errors = tmpfile();

	snprintf(from, sizeof(from), "--start-address=0x%" PRIx64, start);
	snprintf(to, sizeof(to), "--stop-address=0x%" PRIx64, stop);
	if (errors == NULL || pipe(fds) != 0) {
		err = errno;
		if (errors != NULL)
			fclose(errors);
		return spawn_failure(program, err);
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_adddup2(&fa, fileno(errors), 2);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	err = posix_spawnp(&pid, program, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (err != 0) {
		close(fds[0]);
		fclose(errors);
		return spawn_failure(program, err);
	}
	l->after_label = false;
	l->stopped = true;
	l->cut_from = stop - (stop >= OBJDUMP_INSN_MAX - 1 ? OBJDUMP_INSN_MAX - 1 : stop);
	read_output(fds[0], l);
	l->stopped = false;
	/* What follows the last wanted address of a run is no context of the
	 * next run's. */
	drop_held(l, l->nheld);
	l->keep_after = 0;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fclose(errors);
			return spawn_failure(program, errno);
		}
	take_messages(errors, !WIFEXITED(status) || WEXITSTATUS(status) != 0, why, sizeof(why));
	fclose(errors);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return NULL;
	if (WIFEXITED(status))
		snprintf(msg, sizeof(msg), "objdump exited with status %d%s%s", WEXITSTATUS(status),
			 why[0] ? ": " : "", why);
	else
		snprintf(msg, sizeof(msg), "objdump was killed by signal %d", WTERMSIG(status));
	return msg;
}
