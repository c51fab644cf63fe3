/* A deterministic generator of large Callgrind profiles shaped like the ones
 * valgrind writes with --cache-sim=yes --dump-instr=yes --collect-jumps=yes:
 * 9 events, "positions: instr line", name and subposition compression with
 * sparse function ids, hex addresses, jcnd=/jump= lines, calls with
 * cob=/cfi=/cfn=, fi=/fe= inlined code, and summary:/totals: lines that are
 * the true sums.
 *
 * The figures of a shape (functions, calls and jumps per megabyte, how many
 * functions have line information, name lengths, files per object, how
 * skewed the callees are) were measured on real profiles with
 * bench/shape.awk; bench/README.md gives both sets of figures.
 *
 * usage: gen [-s SHAPE] MEGABYTES [PARTS] > profile
 *   SHAPE      cc1plus (default: g++'s compiler proper on a C++ file using
 *              <map>, <regex> and <iostream>) or python3 (the interpreter on
 *              a standard-library workload)
 *   MEGABYTES  approximate size of the output (10^6 bytes)
 *   PARTS      write the same program as this many parts (default 1), the
 *              way --dump-every-bb does; the distinct data stays that of one
 *              part while the file grows */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEVENTS 9

struct shape {
	const char *name;
	const char *program;       /* the main object */
	double calib_mb;           /* size of the real profile measured */
	double fns_per_mb;         /* fn= lines per 10^6 bytes */
	double self_lines;         /* self cost lines per function, mean */
	double calls, jcnds, jumps;   /* such lines per function, mean */
	double debug_share;        /* functions with line information */
	double small_share;        /* functions in the small libraries */
	unsigned objects;          /* at that size: main, 3 with line information, small ones */
	double files_per_debug_fn;
	double line_moves;         /* share of lines of debug code at a new line */
	double inlines;            /* fi= blocks per function with line information */
	double cross_object;       /* share of calls into another object */
	double hot_calls;          /* share of calls to the ten hottest functions */
	double callee_power;       /* callee rank = n * u^power: larger is more skewed */
	unsigned id_stride;        /* function ids are about this far apart */
	double hex_names;          /* functions without a symbol, named by address */
	double cxx_names;          /* named functions with C++ signatures */
	unsigned ident_words;      /* words in an identifier, mean */
	double repeat_calls;       /* share of calls to a function called before */
	double heat[5];            /* share of functions of up to 1, 2, ... 5 digit counts */
};

/* Measured with bench/shape.awk on the profiles bench/run.sh makes; the
 * rates per function are the measured rates per megabyte over fn= lines
 * per megabyte, self_lines is what makes the size come out right. */
static const struct shape shapes[] = {
	{
		.name = "cc1plus", .program = "/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus",
		.calib_mb = 13.4, .fns_per_mb = 568, .self_lines = 88,
		.calls = 5.3, .jcnds = 7.3, .jumps = 2.4,
		.debug_share = 0.052, .small_share = 0.009, .objects = 12,
		.files_per_debug_fn = 0.55, .line_moves = 0.22, .inlines = 1.0,
		.cross_object = 0.045, .hot_calls = 0.0, .callee_power = 3.5,
		.id_stride = 17, .hex_names = 0.32, .cxx_names = 0.88, .ident_words = 3,
		.repeat_calls = 0.35, .heat = { 0.30, 0.50, 0.69, 0.89, 0.98 },
	},
	{
		.name = "python3", .program = "/usr/bin/python3.11",
		.calib_mb = 4.1, .fns_per_mb = 613, .self_lines = 86,
		.calls = 6.2, .jcnds = 5.0, .jumps = 3.1,
		.debug_share = 0.22, .small_share = 0.023, .objects = 9,
		.files_per_debug_fn = 0.47, .line_moves = 0.24, .inlines = 0.9,
		.cross_object = 0.06, .hot_calls = 0.30, .callee_power = 3.5,
		.id_stride = 30, .hex_names = 0.54, .cxx_names = 0.0, .ident_words = 2,
		.repeat_calls = 0.5, .heat = { 0.50, 0.77, 0.93, 0.98, 1.0 },
	},
};

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

static double uniform(struct rng *r)
{
	return (double)(next(r) >> 11) / 9007199254740992.0;
}

static bool chance(struct rng *r, double p)
{
	return uniform(r) < p;
}

/* How hot a function is: the number of digits less one of the execution
 * counts of its code, zero to five, small ones the most common. */
static unsigned heat(struct rng *r, const struct shape *sh)
{
	double u = uniform(r);
	unsigned d = 0;

	while (d < 5 && u > sh->heat[d])
		d++;
	return d;
}

/* The execution count of a basic block of a function of heat H: about
 * that many digits, one more or fewer for some blocks.  Most of the cost
 * is in few functions, as in real profiles. */
static uint64_t exec_count(struct rng *r, unsigned h)
{
	unsigned d = h + below(r, 4) / 3;
	uint64_t lo = 1;

	if (d > 0 && below(r, 4) == 0)
		d--;
	for (unsigned i = 0; i < d; i++)
		lo *= 10;
	return lo + next(r) % (lo * 9);
}

struct func {
	unsigned object, file;     /* file 0: "???", no line information */
	uint64_t id, addr;
	unsigned line;             /* first line, for those with line information */
};

struct gen {
	FILE *out;                 /* NULL: only count */
	const struct shape *sh;
	struct rng rng;
	unsigned nfuncs, nfiles;
	unsigned nobjects, ndebugobj;   /* the main object is 0, then those with lines */
	struct func *funcs;        /* in the order they are written */
	unsigned *by_rank;         /* callees, hottest first */
	uint64_t sum[NEVENTS];
	char *seen_fn, *seen_fl, *seen_ob;   /* names already defined in this part */
	unsigned cur_obj, cur_file;          /* ob=, fl= in force */
	unsigned called[64], ncalled;        /* by the current function */
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

/* --- names ---------------------------------------------------------------- */

static const char *const words[] = {
	"tree", "node", "build", "lookup", "expr", "decl", "type", "hash", "table", "insert",
	"find", "walk", "gimple", "rtx", "cp", "parser", "token", "lex", "mark", "ggc", "alloc",
	"vec", "reserve", "get", "set", "copy", "make", "pass", "emit", "scope", "binding",
	"template", "instantiate", "class", "member", "fold", "convert", "check", "finish",
	"push", "pop", "string", "ident", "cache", "update", "init", "resolve", "overload",
};

#define NWORDS (unsigned)(sizeof(words) / sizeof(words[0]))

static const char *const types[] = {
	"tree_node*", "int", "unsigned int", "bool", "unsigned long", "char const*", "void*",
	"gimple*", "rtx_def*", "cp_parser*", "location_t", "tsubst_flags_t", "gcc::context*",
	"cp_token*", "tree_code", "machine_mode", "bitmap_head*", "basic_block_def*", "edge_def*",
	"vec<tree_node*, va_gc, vl_embed>*&", "diagnostic_context*",
	"hash_set<tree_node*, false, default_hash_traits<tree_node*> >*",
	"tree_node* (*)(tree_node**, int*, void*)",
};

#define NTYPES (unsigned)(sizeof(types) / sizeof(types[0]))

static const char *pick(struct rng *r, const char *const *list, size_t n)
{
	return list[below(r, (unsigned)n)];
}

#define PICK(r, list) pick(r, list, sizeof(list) / sizeof(list[0]))

/* An identifier of about WORDS words, made unique by the function's index. */
static void ident(struct rng *r, unsigned words_mean, char *buf, size_t cap, unsigned index)
{
	unsigned n = words_mean - 1 + below(r, 3);
	size_t len = 0;

	for (unsigned i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? "_" : "", PICK(r, words));
	snprintf(buf + len, cap - len, "_%u", index);
}

/* The name of function FN: an address, a C name or a C++ signature. */
static void func_name(struct gen *g, unsigned fn, char *buf, size_t cap)
{
	struct rng r = { 0x51ED270B27D5A1CBULL ^ ((uint64_t)fn * 0x9E3779B97F4A7C15ULL) };
	char id[96];
	size_t len = 0;

	next(&r);
	if (chance(&r, g->sh->hex_names)) {
		snprintf(buf, cap, "0x%016" PRIx64, g->funcs[fn].addr);
		return;
	}
	ident(&r, g->sh->ident_words, id, sizeof(id), fn);
	if (!chance(&r, g->sh->cxx_names)) {
		snprintf(buf, cap, "%s%s", below(&r, 4) ? "" : "_", id);
		return;
	}
	if (chance(&r, 0.25))
		len += (size_t)snprintf(buf + len, cap - len, "%s::", PICK(&r, words));
	if (chance(&r, 0.12))
		len += (size_t)snprintf(buf + len, cap - len, "%s<%s, %s>::", PICK(&r, words),
					PICK(&r, types), PICK(&r, types));
	len += (size_t)snprintf(buf + len, cap - len, "%s(", id);
	/* Most take a few short parameters; some many, or long ones. */
	for (unsigned i = 0, n = chance(&r, 0.05) ? 4 + below(&r, 5) : below(&r, 3); i < n; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "",
					types[below(&r, chance(&r, 0.06) ? NTYPES : NTYPES - 3)]);
	snprintf(buf + len, cap - len, ")");
}

static void file_name(struct gen *g, unsigned file, char *buf, size_t cap)
{
	static const char *const dirs[] = { "string", "elf", "stdlib", "libio", "malloc", "nptl", "io", "math" };

	if (file == 0)
		snprintf(buf, cap, "???");
	else
		snprintf(buf, cap, "./%s/../sysdeps/x86_64/%s_%u.c", dirs[file % 8],
			 words[file % (sizeof(words) / sizeof(words[0]))], file);
	(void)g;
}

static void object_name(struct gen *g, unsigned obj, char *buf, size_t cap)
{
	static const char *const debug_objs[] = {
		"/usr/lib/x86_64-linux-gnu/libc.so.6",
		"/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
		"/usr/lib/x86_64-linux-gnu/libm.so.6",
	};

	if (obj == 0)
		snprintf(buf, cap, "%s", g->sh->program);
	else if (obj <= 3)
		snprintf(buf, cap, "%s", debug_objs[obj - 1]);
	else
		snprintf(buf, cap, "/usr/lib/x86_64-linux-gnu/lib%s%u.so.%u", words[obj % NWORDS], obj,
			 obj % 5);
}

enum kind { FN, FL, OB };

/* "KEY=(id)" once the name is defined in this part, else "KEY=(id) name". */
static void name_ref(struct gen *g, const char *key, enum kind kind, unsigned index)
{
	char *seen = kind == FN ? g->seen_fn : kind == FL ? g->seen_fl : g->seen_ob;
	uint64_t id = kind == FN ? g->funcs[index].id : index + 1;
	char name[1024];

	if (seen[index]) {
		emit(g, "%s=(%" PRIu64 ")\n", key, id);
		return;
	}
	seen[index] = 1;
	if (g->out == NULL)
		return;
	if (kind == FN)
		func_name(g, index, name, sizeof(name));
	else if (kind == FL)
		file_name(g, index, name, sizeof(name));
	else
		object_name(g, index, name, sizeof(name));
	emit(g, "%s=(%" PRIu64 ") %s\n", key, id, name);
}

/* --- cost lines ------------------------------------------------------------ */

/* Write counts C[0..NEVENTS) without the trailing zeros, as callgrind does. */
static void write_counts(struct gen *g, const uint64_t *c, bool self)
{
	int n = NEVENTS;

	while (n > 0 && c[n - 1] == 0)
		n--;
	for (int i = 0; i < n; i++) {
		emit(g, " %" PRIu64, c[i]);
		if (self)
			g->sum[i] += c[i];
	}
	emit(g, "\n");
}

/* An instruction executed X times: data reads and writes for some, cache
 * misses for few (mostly the first execution's). */
static void self_counts(struct gen *g, uint64_t x)
{
	struct rng *r = &g->rng;
	uint64_t c[NEVENTS] = { x };

	c[1] = chance(r, 0.26) ? x : 0;
	c[2] = chance(r, 0.17) ? x : 0;
	if (chance(r, 0.07))
		c[3] = c[6] = 1;
	else if (chance(r, 0.035))
		c[3] = 1;
	if (c[1] && chance(r, 0.16))
		c[4] = 1 + next(r) % x;
	if (c[2] && chance(r, 0.08))
		c[5] = 1 + next(r) % x;
	if (c[4] && chance(r, 0.06))
		c[7] = c[4];
	if (c[5] && chance(r, 0.2))
		c[8] = c[5];
	write_counts(g, c, true);
}

/* The inclusive cost of N calls: the callee's instructions, and misses
 * for most. */
static void call_counts(struct gen *g, uint64_t n)
{
	struct rng *r = &g->rng;
	uint64_t c[NEVENTS], per = 2 + next(r) % (chance(r, 0.5) ? 30 : 900);

	c[0] = n * per;
	c[1] = c[0] * (2 + below(r, 3)) / 10;
	c[2] = c[0] * (1 + below(r, 2)) / 10;
	c[3] = chance(r, 0.6) ? 1 + below(r, 40) : 0;
	c[4] = chance(r, 0.55) ? 1 + c[1] / (20 + below(r, 200)) : 0;
	c[5] = chance(r, 0.45) ? 1 + c[2] / (20 + below(r, 200)) : 0;
	c[6] = c[3] && chance(r, 0.6) ? 1 + c[3] / 4 : 0;
	c[7] = c[4] && chance(r, 0.5) ? 1 + c[4] / 8 : 0;
	c[8] = c[5] && chance(r, 0.75) ? 1 + c[5] / 2 : 0;
	write_counts(g, c, false);
}

/* --- the program ----------------------------------------------------------- */

/* A callee: one of the hottest ten for some calls, else a skewed pick, in
 * the caller's object or (some calls) another one. */
static unsigned callee_of(struct gen *g, unsigned caller)
{
	struct rng *r = &g->rng;
	const struct shape *sh = g->sh;

	bool cross = chance(r, sh->cross_object);
	unsigned file = g->funcs[caller].file;

	/* Code with line information calls its neighbours in the same file
	 * half of the time (the functions of a file are adjacent). */
	if (file != 0 && !cross && chance(r, 0.5)) {
		unsigned lo = caller, hi = caller;

		while (lo > 0 && g->funcs[lo - 1].file == file)
			lo--;
		while (hi + 1 < g->nfuncs && g->funcs[hi + 1].file == file)
			hi++;
		return lo + below(r, hi - lo + 1);
	}
	for (;;) {
		unsigned rank = chance(r, sh->hot_calls) ? below(r, 10)
			: (unsigned)(g->nfuncs * pow(uniform(r), sh->callee_power));
		unsigned fn = g->by_rank[rank < g->nfuncs ? rank : g->nfuncs - 1];
		bool other = g->funcs[fn].object != g->funcs[caller].object;

		if (other == cross)
			return fn;
	}
}

/* The line column of a cost line in function F: "0" without line
 * information, else the line relative to the last. */
static void line_column(struct gen *g, const struct func *f, unsigned *line)
{
	struct rng *r = &g->rng;

	if (f->file == 0) {
		emit(g, " 0");
	} else if (!chance(r, g->sh->line_moves)) {
		emit(g, " *");
	} else if (chance(r, 0.8) || *line < 10) {
		unsigned d = 1 + below(r, 3);

		*line += d;
		emit(g, " +%u", d);
	} else {
		unsigned d = 1 + below(r, 8);

		*line -= d;
		emit(g, " -%u", d);
	}
}

static void call(struct gen *g, unsigned caller, uint64_t x)
{
	struct rng *r = &g->rng;
	unsigned callee;
	const struct func *to;

	/* Functions call some functions from several places. */
	if (g->ncalled > 0 && chance(r, g->sh->repeat_calls)) {
		callee = g->called[below(r, g->ncalled)];
	} else {
		callee = callee_of(g, caller);
		if (g->ncalled < sizeof(g->called) / sizeof(g->called[0]))
			g->called[g->ncalled++] = callee;
	}
	to = &g->funcs[callee];

	if (to->object != g->cur_obj)
		name_ref(g, "cob", OB, to->object);
	if (to->file != g->cur_file)
		name_ref(g, "cfi", FL, to->file);
	name_ref(g, "cfn", FN, callee);
	emit(g, "calls=%" PRIu64 " 0x%" PRIx64 " %u \n", x, to->addr, to->file ? to->line : 0);
	emit(g, "* %s", g->funcs[caller].file ? "*" : "0");
	call_counts(g, x);
}

/* jcnd=/jump= and the line with the jump's own position (no counts). */
static void jump(struct gen *g, const struct func *f, uint64_t x, bool cond)
{
	struct rng *r = &g->rng;
	unsigned target = f->file ? f->line + below(r, 40) : 0;

	if (cond)
		emit(g, "jcnd=%" PRIu64 "/%" PRIu64, 1 + next(r) % x, x);
	else
		emit(g, "jump=%" PRIu64, x);
	if (chance(r, 0.4))
		emit(g, " 0x%" PRIx64 " %u \n", f->addr + below(r, 4096), target);
	else
		emit(g, " +%u %u \n", 1 + below(r, 60), target);
	emit(g, "* %s \n", f->file ? "*" : "0");
}

/* A few lines inlined from another file of the same object. */
static void inlined(struct gen *g, const struct func *f, unsigned *line, uint64_t x)
{
	struct rng *r = &g->rng;
	unsigned hdr = 1 + (f->file + 1 + below(r, 5)) % (g->nfiles - 1);
	unsigned n = 2 + below(r, 6), l = 10 + below(r, 400);

	name_ref(g, "fi", FL, hdr);
	for (unsigned i = 0; i < n; i++) {
		emit(g, "+%u %s", 1 + below(r, 7), i == 0 ? "" : "+");
		emit(g, "%u", i == 0 ? l : 1 + below(r, 2));
		self_counts(g, x);
	}
	name_ref(g, "fe", FL, f->file);
	emit(g, "+%u %u", 1 + below(r, 7), *line);
	self_counts(g, x);
}

static void function_block(struct gen *g, unsigned fn)
{
	struct rng *r = &g->rng;
	const struct shape *sh = g->sh;
	const struct func *f = &g->funcs[fn];
	double mean = sh->self_lines + sh->calls + sh->jcnds + sh->jumps;
	/* Function sizes are spread out: many small, a few large. */
	unsigned nlines = 1 + (unsigned)(-log(1 - uniform(r)) * mean);
	unsigned line = f->line;
	unsigned h = heat(r, sh);
	uint64_t x = exec_count(r, h);
	double inl = f->file ? sh->inlines / nlines : 0;

	if (f->object != g->cur_obj) {
		name_ref(g, "ob", OB, f->object);
		g->cur_obj = f->object;
	}
	if (f->file != g->cur_file) {
		name_ref(g, "fl", FL, f->file);
		g->cur_file = f->file;
	}
	name_ref(g, "fn", FN, fn);
	g->ncalled = 0;
	emit(g, "0x%" PRIx64 " %u", f->addr, f->file ? line : 0);
	self_counts(g, x);
	for (unsigned i = 1; i < nlines; i++) {
		double u = uniform(r) * mean;

		if (u < sh->calls) {
			call(g, fn, x);
		} else if (u < sh->calls + sh->jcnds + sh->jumps) {
			jump(g, f, x, u < sh->calls + sh->jcnds);
			/* a new basic block, executed a different number of times */
			x = exec_count(r, h);
		} else if (chance(r, inl)) {
			inlined(g, f, &line, x);
		} else {
			if (chance(r, 0.01))
				emit(g, "-%u", 1 + below(r, 30));
			else
				emit(g, "+%u", 1 + (chance(r, 0.9) ? below(r, 7) : below(r, 15)));
			line_column(g, f, &line);
			self_counts(g, x);
		}
	}
	emit(g, "\n");
}

static void part(struct gen *g, unsigned n, const uint64_t *summary)
{
	emit(g, "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npid: 4242\n"
		"cmd:  %s bench\npart: %u\n\n\n"
		"desc: I1 cache: 65536 B, 64 B, 16-way associative\n"
		"desc: D1 cache: 49152 B, 64 B, 12-way associative\n"
		"desc: LL cache: 503316480 B, 64 B, 30-way associative\n\n"
		"desc: Timerange: Basic block 0 - 123456789\ndesc: Trigger: Program termination\n\n"
		"positions: instr line\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nsummary:",
	     g->sh->program, n);
	for (int i = 0; i < NEVENTS; i++)
		emit(g, " %" PRIu64, summary[i]);
	emit(g, "\n\n\n");
	memset(g->seen_fn, 0, g->nfuncs);
	memset(g->seen_fl, 0, g->nfiles);
	memset(g->seen_ob, 0, g->nobjects);
	g->cur_obj = g->cur_file = UINT32_MAX;
	for (unsigned fn = 0; fn < g->nfuncs; fn++)
		function_block(g, fn);
	emit(g, "totals:");
	for (int i = 0; i < NEVENTS; i++)
		emit(g, " %" PRIu64, summary[i]);
	emit(g, "\n\n");
}

/* Lay the program out: functions by object and file (the order callgrind
 * writes them in), sparse ids, and the callees' ranks shuffled over them.
 * A larger profile is that of a larger program: more functions, files and
 * libraries in proportion (files per object stay those measured). */
static void layout(struct gen *g, double mb)
{
	const struct shape *sh = g->sh;
	unsigned scale = mb > sh->calib_mb ? (unsigned)(mb / sh->calib_mb + 0.5) : 1;
	unsigned ndebug = (unsigned)(g->nfuncs * sh->debug_share + 0.5);
	unsigned nsmall = (unsigned)(g->nfuncs * sh->small_share + 0.5);
	unsigned nsmallobj = (sh->objects - 4) * scale, fn = 0;
	struct rng r = { 0xC0FFEE1234567ULL };
	uint64_t addr = 0x1000000;

	g->ndebugobj = 3 * scale;
	g->nobjects = 1 + g->ndebugobj + nsmallobj;
	g->nfiles = 1 + (unsigned)(ndebug * sh->files_per_debug_fn + 0.5);
	if (g->nfiles < 3)
		g->nfiles = 3;
	g->funcs = calloc(g->nfuncs, sizeof(*g->funcs));
	g->by_rank = malloc(g->nfuncs * sizeof(*g->by_rank));
	g->seen_fn = malloc(g->nfuncs);
	g->seen_fl = malloc(g->nfiles);
	g->seen_ob = malloc(g->nobjects);
	/* The main object's functions, then those of the libraries with line
	 * information, then the small libraries. */
	for (; fn < g->nfuncs - ndebug - nsmall; fn++)
		g->funcs[fn].object = 0;
	for (unsigned i = 0; i < ndebug; i++, fn++) {
		unsigned file = 1 + (unsigned)((uint64_t)i * (g->nfiles - 1) / (ndebug ? ndebug : 1));

		g->funcs[fn].object = 1 + (unsigned)((uint64_t)(file - 1) * g->ndebugobj / (g->nfiles - 1));
		g->funcs[fn].file = file;
		g->funcs[fn].line = 20 + below(&r, 3000);
	}
	for (unsigned i = 0; fn < g->nfuncs; i++, fn++)
		g->funcs[fn].object = 1 + g->ndebugobj + i % nsmallobj;
	for (unsigned i = 0; i < g->nfuncs; i++) {
		g->funcs[i].id = (uint64_t)i * sh->id_stride + below(&r, sh->id_stride);
		g->funcs[i].addr = addr;
		addr += 0x40 + 0x10 * below(&r, 64);
		g->by_rank[i] = i;
	}
	for (unsigned i = g->nfuncs; i > 1; i--) {
		unsigned j = below(&r, i), t = g->by_rank[i - 1];

		g->by_rank[i - 1] = g->by_rank[j];
		g->by_rank[j] = t;
	}
}

static const struct shape *find_shape(const char *name)
{
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		if (strcmp(shapes[i].name, name) == 0)
			return &shapes[i];
	return NULL;
}

int main(int argc, char **argv)
{
	struct gen g;
	double mb;
	unsigned parts;
	uint64_t summary[NEVENTS];
	const struct shape *sh = &shapes[0];
	int a = 1;

	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		sh = find_shape(argv[2]);
		a = 3;
	}
	if (sh == NULL || argc - a < 1 || argc - a > 2 || (mb = atof(argv[a])) <= 0) {
		fputs("usage: gen [-s cc1plus|python3] MEGABYTES [PARTS] > profile\n", stderr);
		return 2;
	}
	parts = argc - a == 2 ? (unsigned)atoi(argv[a + 1]) : 1;
	if (parts == 0)
		parts = 1;
	memset(&g, 0, sizeof(g));
	g.sh = sh;
	g.nfuncs = (unsigned)(mb / parts * sh->fns_per_mb);
	if (g.nfuncs < 100)
		g.nfuncs = 100;
	layout(&g, mb / parts);
	/* First pass counts, so the header's summary: is the true sum. */
	g.rng.s = 0x9E3779B97F4A7C15ULL;
	part(&g, 1, g.sum);
	memcpy(summary, g.sum, sizeof(summary));
	g.out = stdout;
	for (unsigned p = 0; p < parts; p++) {
		g.rng.s = 0x9E3779B97F4A7C15ULL;
		part(&g, p + 1, summary);
	}
	free(g.funcs);
	free(g.by_rank);
	free(g.seen_fn);
	free(g.seen_fl);
	free(g.seen_ob);
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
