/* A deterministic generator of large, realistic Callgrind profiles, the
 * shape valgrind writes with --cache-sim=yes --dump-instr=yes
 * --collect-jumps=yes: 9 events, "positions: instr line", name and
 * subposition compression, hex addresses, fi=/fe= inlined code,
 * calls/jump/jcnd with jfi/jfn, thousands of functions in hundreds of files,
 * and summary:/totals: lines that are the true sums.
 *
 * usage: gen MEGABYTES [PARTS] > profile
 *   MEGABYTES  approximate size of the output
 *   PARTS      write the same program as this many parts (default 1), the
 *              way --dump-every-bb does; the distinct data stays that of one
 *              part while the file grows */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEVENTS 9
#define FUNCS_PER_MB 100
#define FILES_PER_FUNC 16   /* functions per source file */
#define OBJECTS 12

struct rng {
	uint64_t s;
};

static uint64_t next(struct rng *r)
{
	/* xorshift64*: fast, and the same sequence on every machine */
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545F4914F6CDD1DULL;
}

static unsigned below(struct rng *r, unsigned n)
{
	return (unsigned)(next(r) % n);
}

struct gen {
	FILE *out;            /* NULL: only count */
	struct rng rng;
	unsigned nfuncs, nfiles;
	unsigned lines_per_func;
	int64_t sum[NEVENTS];
	char *seen_fn, *seen_fl, *seen_ob;   /* ids already defined in this part */
};

static void emit(struct gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void emit(struct gen *g, const char *fmt, ...)
{
	va_list ap;

	if (g->out == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(g->out, fmt, ap);
	va_end(ap);
}

static void name_ref(struct gen *g, const char *key, char *seen, unsigned id, const char *kind)
{
	if (seen[id]) {
		emit(g, "%s=(%u)\n", key, id + 1);
		return;
	}
	seen[id] = 1;
	if (strcmp(kind, "fn") == 0)
		emit(g, "%s=(%u) ns%u::Widget%u<int, std::vector<double> >::update_%u(unsigned long, char const*)\n",
		     key, id + 1, id % 37, id % 211, id);
	else if (strcmp(kind, "fl") == 0)
		emit(g, "%s=(%u) /home/build/project/src/module%u/component_%u.cpp\n", key, id + 1, id % 23, id);
	else
		emit(g, "%s=(%u) /usr/lib/x86_64-linux-gnu/libmodule%u.so.%u\n", key, id + 1, id, id % 5);
}

static unsigned file_of(const struct gen *g, unsigned fn)
{
	return fn / FILES_PER_FUNC % g->nfiles;
}

/* One cost line's counts: Ir always, the rest mostly small, trailing zeros
 * left out as callgrind does. */
static void counts(struct gen *g, bool self)
{
	int64_t c[NEVENTS];
	int n = NEVENTS;

	c[0] = 1 + below(&g->rng, 40);
	c[1] = below(&g->rng, 3) ? below(&g->rng, 12) : 0;
	c[2] = below(&g->rng, 4) ? 0 : below(&g->rng, 8);
	for (int i = 3; i < NEVENTS; i++)
		c[i] = below(&g->rng, 9) == 0 ? below(&g->rng, 4) : 0;
	if (!self)
		for (int i = 0; i < NEVENTS; i++)
			c[i] *= 1 + below(&g->rng, 5000);
	while (n > 1 && c[n - 1] == 0)
		n--;
	for (int i = 0; i < n; i++) {
		emit(g, " %" PRId64, c[i]);
		if (self)
			g->sum[i] += c[i];
	}
	emit(g, "\n");
}

static void function_block(struct gen *g, unsigned fn)
{
	unsigned file = file_of(g, fn), line = 20 + below(&g->rng, 3000);
	uint64_t addr = 0x400000 + (uint64_t)fn * 0x1000;

	name_ref(g, "ob", g->seen_ob, fn % OBJECTS, "ob");
	name_ref(g, "fl", g->seen_fl, file, "fl");
	name_ref(g, "fn", g->seen_fn, fn, "fn");
	emit(g, "0x%" PRIx64 " %u", addr, line);
	counts(g, true);
	for (unsigned i = 1; i < g->lines_per_func; i++) {
		unsigned what = below(&g->rng, 100);
		unsigned step = 1 + below(&g->rng, 7);

		if (what < 4) {
			/* a call, to a function in the same or another file */
			unsigned callee = below(&g->rng, g->nfuncs);

			if (file_of(g, callee) != file) {
				name_ref(g, "cob", g->seen_ob, callee % OBJECTS, "ob");
				name_ref(g, "cfi", g->seen_fl, file_of(g, callee), "fl");
			}
			name_ref(g, "cfn", g->seen_fn, callee, "fn");
			emit(g, "calls=%u 0x%" PRIx64 " %u\n", 1 + below(&g->rng, 300),
			     0x400000 + (uint64_t)callee * 0x1000, 20 + below(&g->rng, 3000));
			emit(g, "+%u *", step);
			counts(g, false);
		} else if (what < 8) {
			/* a conditional jump, sometimes into another function */
			if (what == 7) {
				unsigned other = below(&g->rng, g->nfuncs);

				name_ref(g, "jfi", g->seen_fl, file_of(g, other), "fl");
				name_ref(g, "jfn", g->seen_fn, other, "fn");
			}
			emit(g, "jcnd=%u/%u +%u +%u\n* *\n", below(&g->rng, 50), 50 + below(&g->rng, 50),
			     step * 3, below(&g->rng, 9));
		} else if (what < 9 && g->nfiles > 1) {
			/* a few lines inlined from a header */
			unsigned hdr = (file + 1 + below(&g->rng, 5)) % g->nfiles;

			name_ref(g, "fi", g->seen_fl, hdr, "fl");
			emit(g, "+%u %u", step, 10 + below(&g->rng, 200));
			counts(g, true);
			emit(g, "+%u +1", step);
			counts(g, true);
			name_ref(g, "fe", g->seen_fl, file, "fl");
			emit(g, "+%u %u", step, line);
			counts(g, true);
		} else if (what < 30) {
			emit(g, "+%u *", step);
			counts(g, true);
		} else if (what < 40) {
			unsigned back = 1 + below(&g->rng, 6);

			emit(g, "-%u -%u", step, back < line ? back : 0);
			line -= back < line ? back : 0;
			counts(g, true);
		} else {
			/* Several instructions per source line: about one
			 * distinct line per four to five cost lines, as in
			 * valgrind's --dump-instr profiles of gcc and of a
			 * C++ program. */
			unsigned fwd = below(&g->rng, 10) < 5 ? 1 + below(&g->rng, 3) : 0;

			line += fwd;
			if (fwd)
				emit(g, "+%u +%u", step, fwd);
			else
				emit(g, "+%u *", step);
			counts(g, true);
		}
	}
	emit(g, "\n");
}

static void part(struct gen *g, unsigned n, const int64_t *summary)
{
	emit(g, "# callgrind format\nversion: 1\ncreator: cgannotate-bench-gen\npid: 4242\n"
		"cmd:  ./bench --size large\npart: %u\n\n"
		"desc: I1 cache: 32768 B, 64 B, 8-way associative\n"
		"desc: D1 cache: 32768 B, 64 B, 8-way associative\n"
		"desc: LL cache: 8388608 B, 64 B, 16-way associative\n\n"
		"desc: Timerange: Basic block 0 - 123456789\ndesc: Trigger: Program termination\n\n"
		"positions: instr line\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary:", n);
	for (int i = 0; i < NEVENTS; i++)
		emit(g, " %" PRId64, summary[i]);
	emit(g, "\n\n\n");
	memset(g->seen_fn, 0, g->nfuncs);
	memset(g->seen_fl, 0, g->nfiles);
	memset(g->seen_ob, 0, OBJECTS);
	for (unsigned fn = 0; fn < g->nfuncs; fn++)
		function_block(g, fn);
	emit(g, "totals:");
	for (int i = 0; i < NEVENTS; i++)
		emit(g, " %" PRId64, summary[i]);
	emit(g, "\n\n");
}

int main(int argc, char **argv)
{
	struct gen g;
	double mb;
	unsigned parts;
	int64_t summary[NEVENTS];

	if (argc < 2 || argc > 3 || (mb = atof(argv[1])) <= 0) {
		fputs("usage: gen MEGABYTES [PARTS] > profile\n", stderr);
		return 2;
	}
	parts = argc == 3 ? (unsigned)atoi(argv[2]) : 1;
	if (parts == 0)
		parts = 1;
	memset(&g, 0, sizeof(g));
	/* One part of mb / parts megabytes; about 40 bytes per cost line. */
	g.nfuncs = (unsigned)(mb / parts * FUNCS_PER_MB);
	if (g.nfuncs < 50)
		g.nfuncs = 50;
	g.nfiles = g.nfuncs / FILES_PER_FUNC + 1;
	g.lines_per_func = (unsigned)(mb / parts * 1e6 / g.nfuncs / 18);
	g.seen_fn = malloc(g.nfuncs);
	g.seen_fl = malloc(g.nfiles);
	g.seen_ob = malloc(OBJECTS);
	/* First pass counts, so the header's summary: is the true sum. */
	g.rng.s = 0x9E3779B97F4A7C15ULL;
	part(&g, 1, g.sum);
	memcpy(summary, g.sum, sizeof(summary));
	g.out = stdout;
	for (unsigned p = 0; p < parts; p++) {
		g.rng.s = 0x9E3779B97F4A7C15ULL;
		part(&g, p + 1, summary);
	}
	free(g.seen_fn);
	free(g.seen_fl);
	free(g.seen_ob);
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
