#include "args.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void write_file(const char *name, const void *data, size_t len)
{
	FILE *f = fopen(name, "wb");

	if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		perror(name);
		abort();
	}
}

/* A stand-in for objdump that prints a few instructions whatever it is
 * asked: --asm must never run the real one on every input. */
static const char fake_objdump[] =
	"#!/bin/sh\n"
	"printf '0000000000001000 <main>:\\n"
	"    1000:\\tpush   %%rbp\\n"
	"    1001:\\tjne    1000 <main>\\n"
	"    1003:\\t48 89 e5 \\tmov    %%rsp,%%rbp\\n"
	"    1006:\\tcall   2000 <f>\\n"
	"    100b:\\tret\\n'\n";

static void set_objdump(void)
{
	char *cwd = getcwd(NULL, 0);
	char path[4200];

	write_file("objdump", fake_objdump, sizeof(fake_objdump) - 1);
	if (cwd == NULL || chmod("objdump", 0700) != 0) {
		perror("fuzz sandbox");
		abort();
	}
	snprintf(path, sizeof(path), "%s/objdump", cwd);
	setenv("OBJDUMP", path, 1);
	free(cwd);
}

void fuzz_sandbox_fill(void)
{
	char text[2048], bin[512];
	size_t n = 0;
	char *longline;

	for (int i = 1; i <= 40; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "line %d of a.c\n", i);
	write_file("a.c", text, n);
	for (size_t i = 0; i < sizeof(bin); i++)
		bin[i] = (char)(i * 37);
	write_file("bin.c", bin, sizeof(bin));
	write_file("empty.c", "", 0);
	longline = malloc(1 << 20);
	if (longline == NULL)
		abort();
	memset(longline, 'x', 1 << 20);
	write_file("long.c", longline, 1 << 20);
	free(longline);
	if ((mkdir("dir.c", 0700) != 0 && errno != EEXIST) ||
	    (mkdir("sub", 0700) != 0 && errno != EEXIST)) {
		perror("fuzz sandbox");
		abort();
	}
	write_file("sub/a.c", text, n / 2);
	set_objdump();
	/* The HTML report must not run Graphviz on every input. */
	setenv("DOT", "/nonexistent/dot", 1);
}

/* Places where reading a "source file" could block or never end. */
static bool names_unsafe_places(const uint8_t *data, size_t size)
{
	static const char *const bad[] = { "..", "/dev", "/proc", "/sys", "/run", "/tmp", "/var" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (memmem(data, size, bad[i], strlen(bad[i])) != NULL)
			return true;
	return false;
}

/* The Kth event name of the profile's first events: line, for --show and
 * --sort; "Ir" if there is none or it would not do as an option value. */
static void event_name(const uint8_t *data, size_t size, int k, char *buf, size_t cap)
{
	const char *s = memmem(data, size, "events:", 7);
	const char *end = (const char *)data + size;

	snprintf(buf, cap, "Ir");
	if (s == NULL)
		return;
	s += 7;
	for (int i = 0; s < end && *s != '\n'; i++) {
		const char *w;

		while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		w = s;
		while (s < end && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			s++;
		/* Names with option syntax in them would make a bad option
		 * value, and options_parse exits on those. */
		if (i == k && s > w && (size_t)(s - w) < cap &&
		    memchr(w, ',', (size_t)(s - w)) == NULL && memchr(w, ':', (size_t)(s - w)) == NULL &&
		    memchr(w, '\0', (size_t)(s - w)) == NULL) {
			memcpy(buf, w, (size_t)(s - w));
			buf[s - w] = '\0';
			return;
		}
	}
}

/* The option bytes: see tests/fuzz/README.md. */
int fuzz_args(const uint8_t *b, const uint8_t *data, size_t size, char *profile,
	      char **argv, char (*store)[FUZZ_ARG_MAX])
{
	bool safe = !names_unsafe_places(data, size);
	static const char *const thresholds[] = { NULL, "0", "50.5", "100" };
	static const char *const contexts[] = {
		"8", "0", "1", "2", "3", "5", "20", "1000",
		"1000000000", "4", "7", "16", "64", "9", "10", "100",
	};
	static const char *const trees[] = { NULL, "caller", "calling", "both" };
	static const char *const groups[] = {
		NULL, "object", "file", "class", "namespace", "function", NULL, NULL,
	};
	char e0[64], e1[64];
	int argc = 0, ns = 0;

	event_name(data, size, 0, e0, sizeof(e0));
	event_name(data, size, 1, e1, sizeof(e1));
	argv[argc++] = (char *)"cgannotate";
	if (b[0] & 1)
		argv[argc++] = (char *)"--inclusive=yes";
	if (trees[(b[0] >> 1) & 3] != NULL)
		snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--tree=%s", trees[(b[0] >> 1) & 3]);
	if ((b[0] & 8) || !safe)
		argv[argc++] = (char *)"--auto=no";
	if (b[0] & 16)
		argv[argc++] = (char *)"--show-percs=no";
	if (thresholds[b[0] >> 6] != NULL)
		snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--threshold=%s", thresholds[b[0] >> 6]);
	snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--context=%s", contexts[b[1] & 15]);
	switch ((b[1] >> 4) & 3) {
	case 1: argv[argc++] = (char *)"-Isub"; break;
	case 2: argv[argc++] = (char *)"--include=/nonexistent/dir"; break;
	case 3: argv[argc++] = (char *)"-I="; break;
	}
	switch (b[1] >> 6) {
	case 1: snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--show=%s", e0); break;
	case 2: snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--show=%s", e1); break;
	case 3: snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--show=%s,%s", e1, e0); break;
	}
	switch (b[2] & 3) {
	case 1: snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--sort=%s", e0); break;
	case 2: snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--sort=%s:50", e1); break;
	case 3: snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--sort=%s:0,%s:100", e0, e1); break;
	}
	if (b[2] & 4)
		argv[argc++] = (char *)"--sort=NoSuchEvent";
	if (b[2] & 8)
		argv[argc++] = (char *)"--asm=yes";
	if (b[2] & 16)
		argv[argc++] = (char *)"--asm-function=main|^a";
	if (b[3] & 1)
		argv[argc++] = (char *)"--format=json";
	if (b[2] & 32)
		argv[argc++] = (char *)"--format=folded";
	/* Expressions that match many names, few or all, alone and together. */
	switch (b[2] >> 6) {
	case 1: argv[argc++] = (char *)"--focus=[a-f]"; break;
	case 2: argv[argc++] = (char *)"--hide=[aeiou]"; break;
	case 3: argv[argc++] = (char *)"--focus=^m"; argv[argc++] = (char *)"--hide=."; break;
	}
	/* Both costs in one table; the call graph, with the default
	 * thresholds, every function and call, or few. */
	if (b[4] & 1)
		argv[argc++] = (char *)"--inclusive=both";
	if ((b[4] >> 1) & 3) {
		argv[argc++] = (char *)"--format=dot";
		if (((b[4] >> 1) & 3) == 2) {
			argv[argc++] = (char *)"--node-thres=0";
			argv[argc++] = (char *)"--edge-thres=0";
		} else if (((b[4] >> 1) & 3) == 3) {
			argv[argc++] = (char *)"--node-thres=100%";
			argv[argc++] = (char *)"--edge-thres=5";
		}
	}
	/* The flame graph, upside down too, and the HTML report. */
	switch ((b[4] >> 3) & 3) {
	case 1: argv[argc++] = (char *)"--format=flamegraph"; break;
	case 2: argv[argc++] = (char *)"--format=flamegraph"; argv[argc++] = (char *)"--flame-direction=down"; break;
	case 3: argv[argc++] = (char *)"--format=html"; break;
	}
	/* --focus and --hide together, and several --focus: anchored, at the
	 * end of a name (hex addresses, generated names, the 'N copies of
	 * --separate-recs), or every function; and merging the 'N copies of a
	 * function back into one, which makes cycles of calls. */
	switch ((b[4] >> 5) & 3) {
	case 1: argv[argc++] = (char *)"--focus=^[a-m]"; argv[argc++] = (char *)"--hide=[0-9]$"; break;
	case 2: argv[argc++] = (char *)"--focus=[0-9]$"; argv[argc++] = (char *)"--hide=^[n-z]"; break;
	case 3: argv[argc++] = (char *)"--focus=."; argv[argc++] = (char *)"--hide=^_|^0x"; break;
	}
	if (b[4] & 128)
		argv[argc++] = (char *)"--mod-funcname=s/'[0-9]+$//";
	/* For aprof reports: their sort keys, routines, mangled names. */
	switch ((b[3] >> 1) & 7) {
	case 1: argv[argc++] = (char *)"--sort=self"; break;
	case 2: argv[argc++] = (char *)"--sort=cumulative:50"; break;
	case 3: argv[argc++] = (char *)"--sort=calls"; break;
	case 4: argv[argc++] = (char *)"--sort=inputs:100"; break;
	}
	if (b[3] & 16)
		argv[argc++] = (char *)"--mangled";
	switch (b[3] >> 5) {
	case 1: argv[argc++] = (char *)"--routine=1"; break;
	case 2: argv[argc++] = (char *)"--routine=a"; break;
	case 3: argv[argc++] = (char *)"--routine=2"; argv[argc++] = (char *)"--routine=3"; break;
	}
	/* Byte 5: the formats for CI and fleets, groups, costs per call, and a
	 * diff of the profile with itself under a gate (read twice: OLD and
	 * NEW apart). */
	switch (b[5] & 3) {
	case 1: argv[argc++] = (char *)"--format=pprof"; break;
	case 2: argv[argc++] = (char *)"--format=markdown"; break;
	case 3: argv[argc++] = (char *)"--format=csv"; break;
	}
	if (groups[(b[5] >> 2) & 7] != NULL)
		snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--group-by=%s", groups[(b[5] >> 2) & 7]);
	if (b[5] & 32)
		argv[argc++] = (char *)"--per-call=yes";
	if (b[5] & 64)
		snprintf(argv[argc++] = store[ns++], FUZZ_ARG_MAX, "--sort=%s/call:incl", e0);
	if (b[5] & 128) {
		argv[argc++] = (char *)"--diff";
		argv[argc++] = (char *)"--fail-above=1";
		argv[argc++] = profile;
	}
	argv[argc++] = profile;
	if ((b[0] & 32) && !(b[5] & 128))
		argv[argc++] = (char *)"a.c";
	argv[argc] = NULL;
	return argc;
}

