/* A deterministic generator of large Callgrind profiles shaped like the ones
 * valgrind writes with --cache-sim=yes --dump-instr=yes --collect-jumps=yes:
 * 9 events, "positions: instr line", name and subposition compression with
 * sparse function ids, hex addresses, jcnd=/jump= lines, calls with
 * cob=/cfi=/cfn=, fi=/fe= inlined code, and summary:/totals: lines that are
 * the true sums.  The costs of calls are consistent, as callgrind's are: a
 * call costs what its callee's work costs for those calls, so the calls into
 * a function outside cycles cost its own cost plus its calls out; calls
 * inside a cycle count the nested calls, as callgrind records them.
 *
 * The figures of a shape (functions, calls and jumps per megabyte, how many
 * functions have line information, name lengths, files per object, how
 * skewed the callees are, the size, entries and depth of the largest cycle
 * of calls) were measured on real profiles with
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
	/* The call graph: acyclic but for cycles of calls (see plan()). */
	double cycle_share;        /* functions in the largest cycle */
	double cycle_entries;      /* its members called from outside it */
	double cycle_top;          /* functions above it (that can call into it) */
	double cycle_internal;     /* share of its members' callees inside it */
	double cycle_depth;        /* cost of the calls inside it over that of the calls into it */
	double cycle_self;         /* its members cost themselves at most this many times the mean */
	double small_cycles;       /* other cycles per 1000 functions */
	double self_recursive;     /* functions that call themselves */
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
		.cycle_share = 0.196, .cycle_entries = 0.20, .cycle_top = 0.30, .cycle_internal = 0.6,
		.cycle_depth = 15.4, .cycle_self = 55, .small_cycles = 1.8, .self_recursive = 0.026,
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
		.cycle_share = 0.35, .cycle_entries = 0.07, .cycle_top = 0.02, .cycle_internal = 0.6,
		.cycle_depth = 11.9, .cycle_self = 180, .small_cycles = 1.2, .self_recursive = 0.016,
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

/* A distinct callee of a function: the calls of a function to one callee
 * share a slot.  CROSS: into another object; NEIGHBOUR: to a function of
 * the caller's file. */
struct slot {
	unsigned caller, callee;
	bool cross, neighbour, fixed;   /* fixed: chosen to make a cycle or a caller */
};

/* A calls= line: its slot, count and inclusive costs. */
struct site {
	unsigned slot;
	uint64_t count;
	uint64_t cost[NEVENTS];
};

/* A cycle of calls: the functions at positions [first, first + size) of the
 * call order. */
struct group {
	unsigned first, size;
	double internal, depth;    /* as in struct shape */
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
	unsigned cur_fn;
	unsigned called[64], ncalled;        /* slots of the current function */
	/* The first pass records what the functions cost themselves and their
	 * calls; plan() then chooses the callees and the calls' costs, which
	 * the next passes write. */
	bool planning;
	uint64_t (*self)[NEVENTS];
	struct slot *slots;
	struct site *sites;
	unsigned nslots, nsites, slots_cap, sites_cap;
	unsigned next_slot, next_site;       /* in this part */
	/* plan() */
	unsigned *pos, *at_pos;    /* the call order: callers before callees, but in cycles */
	unsigned *group;           /* 1 + the function's cycle, or 0 */
	char *entry;               /* called from outside its cycle */
	struct group *groups;
	unsigned ngroups;
	unsigned *first_slot, *nslots_of;    /* each function's slots */
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
	if (chance(&r, 0.12)) {
		/* one pick after the other: the order of a call's arguments is
		 * the compiler's */
		const char *w = PICK(&r, words), *t1 = PICK(&r, types), *t2 = PICK(&r, types);

		len += (size_t)snprintf(buf + len, cap - len, "%s<%s, %s>::", w, t1, t2);
	}
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
	if (g->planning)
		for (int i = 0; i < NEVENTS; i++)
			g->self[g->cur_fn][i] += c[i];
}

/* --- the program ----------------------------------------------------------- */

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

static void *grow(void *p, unsigned *cap, unsigned n, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? 2 * *cap : 1024;
	p = realloc(p, *cap * size);
	if (p == NULL) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* A call executed X times.  The first pass records it (its callee is
 * chosen later, by plan()); the others write the callee and costs planned. */
static void call(struct gen *g, unsigned caller, uint64_t x)
{
	struct rng *r = &g->rng;
	unsigned slot;
	const struct site *site;
	const struct func *to;

	/* Functions call some functions from several places. */
	if (g->ncalled > 0 && chance(r, g->sh->repeat_calls)) {
		slot = g->called[below(r, g->ncalled)];
	} else {
		bool cross = chance(r, g->sh->cross_object);
		/* Code with line information calls its neighbours in the same
		 * file half of the time (the functions of a file are adjacent). */
		bool neighbour = g->funcs[caller].file != 0 && !cross && chance(r, 0.5);

		slot = g->next_slot++;
		if (g->planning) {
			g->slots = grow(g->slots, &g->slots_cap, g->nslots, sizeof(*g->slots));
			g->slots[g->nslots++] = (struct slot){ caller, UINT32_MAX, cross, neighbour, false };
		}
		if (g->ncalled < sizeof(g->called) / sizeof(g->called[0]))
			g->called[g->ncalled++] = slot;
	}
	if (g->planning) {
		g->sites = grow(g->sites, &g->sites_cap, g->nsites, sizeof(*g->sites));
		g->sites[g->nsites++] = (struct site){ .slot = slot, .count = x };
		g->next_site++;
		return;
	}
	site = &g->sites[g->next_site++];
	to = &g->funcs[g->slots[site->slot].callee];
	if (to->object != g->cur_obj)
		name_ref(g, "cob", OB, to->object);
	if (to->file != g->cur_file)
		name_ref(g, "cfi", FL, to->file);
	name_ref(g, "cfn", FN, g->slots[site->slot].callee);
	emit(g, "calls=%" PRIu64 " 0x%" PRIx64 " %u \n", site->count, to->addr, to->file ? to->line : 0);
	emit(g, "* %s", g->funcs[caller].file ? "*" : "0");
	write_counts(g, site->cost, false);
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
	g->cur_fn = fn;
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
	g->next_slot = g->next_site = 0;
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

/* --- the call graph and the costs of calls ---------------------------------- */

/* The call order: callers come before their callees, except within a cycle
 * of calls (a band of adjacent positions), which is entered from above only
 * at its entries.  So the graph of cycles and other functions is acyclic,
 * and the costs of calls can be computed from the bottom up. */
static bool allowed(const struct gen *g, unsigned u, unsigned v)
{
	if (u == v)
		return false;
	if (g->group[u] != 0 && g->group[u] == g->group[v])
		return true;
	if (g->group[v] != 0 && !g->entry[v])
		return false;
	return g->pos[v] > g->pos[u];
}

static unsigned skewed(struct gen *g, struct rng *r)
{
	unsigned rank = chance(r, g->sh->hot_calls) ? below(r, 10)
		: (unsigned)(g->nfuncs * pow(uniform(r), g->sh->callee_power));

	return g->by_rank[rank < g->nfuncs ? rank : g->nfuncs - 1];
}

/* The callee of slot S: in the caller's cycle for most of its members'
 * calls; a neighbour in the same file for half of the calls of code with
 * line information; else a skewed pick (the hottest callees take most calls)
 * among those below the caller, in another object for some calls. */
static unsigned choose_callee(struct gen *g, struct rng *r, const struct slot *s)
{
	unsigned u = s->caller, n = g->nfuncs, grp = g->group[u];

	if (grp != 0 && chance(r, g->groups[grp - 1].internal)) {
		const struct group *c = &g->groups[grp - 1];

		for (int t = 0; t < 20; t++) {
			unsigned v = skewed(g, r);

			if (g->group[v] == grp && v != u)
				return v;
		}
		for (int t = 0; t < 4; t++) {
			unsigned v = g->at_pos[c->first + below(r, c->size)];

			if (v != u)
				return v;
		}
	}
	if (s->neighbour) {
		unsigned file = g->funcs[u].file, lo = u, hi = u;

		while (lo > 0 && g->funcs[lo - 1].file == file)
			lo--;
		while (hi + 1 < n && g->funcs[hi + 1].file == file)
			hi++;
		for (int t = 0; t < 8; t++) {
			unsigned v = lo + below(r, hi - lo + 1);

			if (allowed(g, u, v))
				return v;
		}
	}
	for (int t = 0; t < 64; t++) {
		unsigned v = skewed(g, r);

		if ((g->funcs[v].object != g->funcs[u].object) == s->cross && allowed(g, u, v))
			return v;
	}
	/* Few callees below this caller: any of them. */
	for (int t = 0; t < 64 && g->pos[u] + 1 < n; t++) {
		unsigned v = g->at_pos[g->pos[u] + 1 + below(r, n - g->pos[u] - 1)];

		if (allowed(g, u, v))
			return v;
	}
	return u;   /* nothing below: it calls itself */
}

struct keyed {
	double key;
	unsigned fn;
};

static int by_key(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->fn > y->fn) - (x->fn < y->fn);
}

/* A cycle of up to SIZE functions taken from L[AT...]: those with at least
 * MIN_SLOTS callees (in the main object, for the large cycle) that cost
 * themselves at most MAX_SELF; ENTRIES of them called from outside.  Placed
 * at AT in the call order by order(); none if fewer than two were found. */
static void add_group(struct gen *g, struct rng *r, const struct keyed *l, unsigned at, unsigned size,
		      unsigned min_slots, double internal, double depth, unsigned entries, double max_self)
{
	unsigned n = g->nfuncs, id = g->ngroups + 1, got = 0, *members = malloc(size * sizeof(*members));

	for (unsigned i = at; i < n && got < size; i++) {
		unsigned fn = l[i].fn;

		if (g->group[fn] == 0 && g->nslots_of[fn] >= min_slots && l[i].key >= 0 &&
		    (min_slots < 2 || g->funcs[fn].object == 0) && g->self[fn][0] <= max_self)
			members[got++] = fn;
	}
	if (got >= 2) {
		for (unsigned i = 0; i < got; i++)
			g->group[members[i]] = id;
		/* The entries: a random choice of members. */
		for (unsigned i = 0; i < entries && i < got; i++) {
			unsigned j = i + below(r, got - i), t = members[i];

			members[i] = members[j];
			members[j] = t;
			g->entry[members[i]] = 1;
		}
		g->groups[g->ngroups++] = (struct group){ at, got, internal, depth };
	}
	free(members);
}

/* Positions in the call order (pos, at_pos) and the cycles (groups). */
static void order(struct gen *g, struct rng *r)
{
	const struct shape *sh = g->sh;
	unsigned n = g->nfuncs, root = 0, *rank_of = malloc(n * sizeof(*rank_of)), p = 0, *anchor;
	struct keyed *l = malloc(n * sizeof(*l));
	unsigned nsmall = (unsigned)(sh->small_cycles * n / 1000 + uniform(r));
	double mean = 0;

	for (unsigned i = 0; i < n; i++) {
		rank_of[g->by_rank[i]] = i;
		mean += (double)g->self[i][0] / n;
	}
	/* Hot callees and library code lower in the order, where more callers
	 * can reach them; first the function that calls most, the root. */
	for (unsigned fn = 0; fn < n; fn++) {
		double u = uniform(r);

		if (rank_of[fn] < 10)
			u = 0.95 + 0.05 * u;
		else if (rank_of[fn] < n / 10 || g->funcs[fn].object != 0)
			u = 0.3 + 0.7 * u;
		l[fn] = (struct keyed){ u, fn };
		if (g->nslots_of[fn] > g->nslots_of[root])
			root = fn;
	}
	l[root].key = -1;
	qsort(l, n, sizeof(*l), by_key);
	g->groups = malloc((nsmall + 1) * sizeof(*g->groups));
	anchor = malloc((nsmall + 1) * sizeof(*anchor));
	add_group(g, r, l, 1 + (unsigned)(sh->cycle_top * n), (unsigned)(sh->cycle_share * n + 0.5), 2,
		  sh->cycle_internal, sh->cycle_depth, 1 + (unsigned)(sh->cycle_entries * sh->cycle_share * n),
		  sh->cycle_self * mean);
	/* Small ones: mostly of two to seven functions, some of tens. */
	for (unsigned i = 0; i < nsmall; i++) {
		unsigned size = chance(r, 0.8) ? 2 + below(r, 6) : 20 + below(r, 120);

		add_group(g, r, l, 1 + below(r, n - 1), size, 1, 0.5, 1.5, 2 + size / 20, HUGE_VAL);
	}
	/* Each cycle's members together, where it was taken from. */
	for (unsigned k = 0; k < g->ngroups; k++)
		anchor[k] = g->groups[k].first;
	for (unsigned i = 0; i < n; i++) {
		for (unsigned k = 0; k < g->ngroups; k++) {
			struct group *c = &g->groups[k];

			if (anchor[k] != i)
				continue;
			c->first = p;
			for (unsigned j = 0; j < n; j++)
				if (g->group[l[j].fn] == k + 1)
					g->pos[l[j].fn] = p, g->at_pos[p++] = l[j].fn;
		}
		if (g->group[l[i].fn] == 0)
			g->pos[l[i].fn] = p, g->at_pos[p++] = l[i].fn;
	}
	free(rank_of);
	free(l);
	free(anchor);
}

/* A slot of FN not chosen yet, at random, or UINT32_MAX. */
static unsigned free_slot(struct gen *g, struct rng *r, unsigned fn)
{
	unsigned n = g->nslots_of[fn], k = n ? below(r, n) : 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned s = g->first_slot[fn] + (k + i) % n;

		if (!g->slots[s].fixed)
			return s;
	}
	return UINT32_MAX;
}

static void fix(struct gen *g, unsigned s, unsigned callee)
{
	g->slots[s].callee = callee;
	g->slots[s].fixed = true;
}

/* The callee of every slot. */
static void wire(struct gen *g, struct rng *r)
{
	unsigned n = g->nfuncs, *ncallers = calloc(n, sizeof(unsigned));

	/* Each cycle is a ring, with chords (every member has a slot). */
	for (unsigned k = 0; k < g->ngroups; k++) {
		const struct group *c = &g->groups[k];

		for (unsigned i = 0; i < c->size; i++)
			fix(g, free_slot(g, r, g->at_pos[c->first + i]), g->at_pos[c->first + (i + 1) % c->size]);
	}
	/* Its entries are called from above. */
	for (unsigned k = 0; k < g->ngroups; k++) {
		const struct group *c = &g->groups[k];

		for (unsigned i = 0; i < c->size; i++) {
			unsigned e = g->at_pos[c->first + i];

			for (int t = 0; g->entry[e] && t < 200; t++) {
				unsigned s = free_slot(g, r, g->at_pos[below(r, c->first)]);

				if (s != UINT32_MAX) {
					fix(g, s, e);
					break;
				}
			}
		}
	}
	for (unsigned fn = 0; fn < n; fn++) {
		unsigned s;

		if (g->pos[fn] > 0 && chance(r, g->sh->self_recursive) && (s = free_slot(g, r, fn)) != UINT32_MAX)
			fix(g, s, fn);
	}
	for (unsigned s = 0; s < g->nslots; s++) {
		if (!g->slots[s].fixed)
			g->slots[s].callee = choose_callee(g, r, &g->slots[s]);
		if (g->slots[s].callee != g->slots[s].caller)
			ncallers[g->slots[s].callee]++;
	}
	/* Every function but the root is called: from above, in place of a
	 * callee that has other callers. */
	for (unsigned p = 1; p < n; p++) {
		unsigned v = g->at_pos[p];

		for (int t = 0; ncallers[v] == 0 && t < 400; t++) {
			unsigned u = g->at_pos[below(r, p)], s = free_slot(g, r, u), w;

			if (s == UINT32_MAX || !allowed(g, u, v))
				continue;
			w = g->slots[s].callee;
			if (w == u || ncallers[w] < 2)
				continue;
			ncallers[w]--;
			ncallers[v]++;
			fix(g, s, v);
		}
	}
	free(ncallers);
}

/* Into OUT, the share of COST (NEVENTS counts) of COUNT calls of TOTAL. */
static void share(uint64_t *out, const long double *cost, uint64_t count, uint64_t total)
{
	for (int e = 0; e < NEVENTS; e++)
		out[e] = (uint64_t)(cost[e] * count / total + 0.5L);
}

/* Make the sites IN[0..N) cost exactly SUM in all: the rounding's remainder
 * goes to the costliest. */
static void settle(struct gen *g, const unsigned *in, unsigned n, const long double *sum)
{
	for (int e = 0; e < NEVENTS && n > 0; e++) {
		long double got = 0;
		unsigned big = in[0];

		for (unsigned i = 0; i < n; i++) {
			got += g->sites[in[i]].cost[e];
			if (g->sites[in[i]].cost[e] > g->sites[big].cost[e])
				big = in[i];
		}
		got = sum[e] - got + g->sites[big].cost[e];
		g->sites[big].cost[e] = got > 0 ? (uint64_t)(got + 0.5L) : 0;
	}
}

struct flows {
	unsigned *out_first, *in_first, *in;   /* sites by caller (in order), by callee */
	long double (*t)[NEVENTS];  /* self cost plus calls out of the node */
};

static unsigned callee_of(const struct gen *g, unsigned site)
{
	return g->slots[g->sites[site].slot].callee;
}

static unsigned caller_of(const struct gen *g, unsigned site)
{
	return g->slots[g->sites[site].slot].caller;
}

/* A function outside cycles: the calls into it cost its own cost plus its
 * calls out, in proportion to their counts.  If it calls itself, each call
 * to itself costs what a call from outside costs: the nested calls are in it,
 * as callgrind counts them. */
static void cost_function(struct gen *g, struct flows *f, unsigned v)
{
	unsigned *in = f->in + f->in_first[v], nin = f->in_first[v + 1] - f->in_first[v], nout = 0;
	uint64_t outside = 0, rec = 0;

	/* the calls from outside first */
	for (unsigned i = 0; i < nin; i++)
		if (caller_of(g, in[i]) != v) {
			unsigned t = in[nout];

			outside += g->sites[in[i]].count;
			in[nout++] = in[i];
			in[i] = t;
		} else {
			rec++;
		}
	if (outside == 0)
		return;
	/* At most half the activations are recursive. */
	for (unsigned i = nout; i < nin; i++) {
		struct site *s = &g->sites[in[i]];
		uint64_t cap = outside / (2 * rec);

		s->count = s->count < cap ? s->count : cap ? cap : 1;
		share(s->cost, f->t[v], s->count, outside);
	}
	for (unsigned i = 0; i < nout; i++)
		share(g->sites[in[i]].cost, f->t[v], g->sites[in[i]].count, outside);
	settle(g, in, nout, f->t[v]);
}

/* The calls inside a cycle, by caller (members are numbered from 0 in the
 * call order): callee, site, and the share of the caller's calls inside
 * the cycle that it makes (in proportion to the count recorded). */
struct inside {
	unsigned n, *first, *to, *site;
	double *rate, *x, *a, *b;  /* counts as made, activations */
	double *enter;             /* calls from outside, by member */
	long double (*t)[NEVENTS]; /* self cost plus calls out of the cycle */
};

/* The counts of the calls inside when each activation of a member makes
 * GAIN calls inside on average: the activations A = calls from outside +
 * A times the calls per activation, by sweeps (the largest eigenvalue of
 * those calls per activation is GAIN, below 1). */
static void make_calls(struct inside *c, double gain)
{
	for (unsigned i = 0; i < c->n; i++)
		c->a[i] = c->enter[i];
	for (int sweep = 0; sweep < 20000; sweep++) {
		double change = 0, size = 0;

		for (unsigned i = 0; i < c->n; i++)
			c->b[i] = c->enter[i];
		for (unsigned i = 0; i < c->n; i++)
			for (unsigned k = c->first[i]; k < c->first[i + 1]; k++)
				c->b[c->to[k]] += c->a[i] * gain * c->rate[k];
		for (unsigned i = 0; i < c->n; i++) {
			change += fabs(c->b[i] - c->a[i]);
			size += c->b[i];
			c->a[i] = c->b[i];
		}
		if (change <= size * 1e-12)
			break;
	}
	/* whole calls, and the activations they make */
	for (unsigned i = 0; i < c->n; i++)
		c->b[i] = c->enter[i];
	for (unsigned i = 0; i < c->n; i++)
		for (unsigned k = c->first[i]; k < c->first[i + 1]; k++) {
			double x = floor(c->a[i] * gain * c->rate[k] + 0.5);

			c->x[k] = x < 1 ? 1 : x;
			c->b[c->to[k]] += c->x[k];
		}
	for (unsigned i = 0; i < c->n; i++)
		c->a[i] = c->b[i];
}

/* The cost of an activation of each member, J (events [0, NEV)), with the
 * calls inside as make_calls() made them: J = (T + calls inside of J) / A,
 * by Gauss-Seidel sweeps to within TOLERANCE.  Returns the cost of the
 * calls inside (not a member's calls to itself) over that of the calls
 * entering. */
static double solve(struct inside *c, int nev, double (*j)[NEVENTS], double tolerance)
{
	double inside = 0, entering = 0;

	for (unsigned i = 0; i < c->n; i++)
		for (int e = 0; e < nev; e++)
			j[i][e] = 0;
	for (int sweep = 0; sweep < 20000; sweep++) {
		double change = 0, size = 0;

		for (unsigned i = 0; i < c->n; i++) {
			for (int e = 0; e < nev; e++) {
				double sum = (double)c->t[i][e], new;

				for (unsigned k = c->first[i]; k < c->first[i + 1]; k++)
					sum += c->x[k] * j[c->to[k]][e];
				new = sum / c->a[i];
				change += fabs(new - j[i][e]);
				size += new;
				j[i][e] = new;
			}
		}
		if (change <= size * tolerance)
			break;
	}
	for (unsigned i = 0; i < c->n; i++) {
		entering += c->enter[i] * j[i][0];
		for (unsigned k = c->first[i]; k < c->first[i + 1]; k++)
			if (c->to[k] != i)
				inside += c->x[k] * j[c->to[k]][0];
	}
	return entering > 0 ? inside / entering : HUGE_VAL;
}

/* A cycle: each call into a member, from outside or inside, costs what an
 * activation of the member costs, nested calls included, as callgrind
 * records it.  The calls inside are made as often as gives the cycle its
 * depth (the cost of the calls inside over that of the calls entering it). */
static void cost_cycle(struct gen *g, struct flows *f, const struct group *grp)
{
	struct inside c = { .n = grp->size };
	unsigned n = grp->size, *in = NULL, nin = 0, nk = 0, cap = 0;
	double (*j)[NEVENTS] = calloc(n, sizeof(*j)), lo = 0, hi = 0.999;
	long double sum[NEVENTS] = { 0 };

	c.first = calloc(n + 1, sizeof(unsigned));
	c.enter = calloc(n, sizeof(double));
	c.a = calloc(n, sizeof(double));
	c.b = calloc(n, sizeof(double));
	c.t = calloc(n, sizeof(*c.t));
	for (unsigned i = 0; i < n; i++) {
		unsigned m = g->at_pos[grp->first + i];

		for (int e = 0; e < NEVENTS; e++)
			sum[e] += c.t[i][e] = f->t[m][e];
		for (unsigned k = f->in_first[m]; k < f->in_first[m + 1]; k++)
			if (g->group[caller_of(g, f->in[k])] != g->group[m]) {
				in = grow(in, &cap, nin, sizeof(*in));
				in[nin++] = f->in[k];
				c.enter[i] += (double)g->sites[f->in[k]].count;
			}
		for (unsigned k = f->out_first[m]; k < f->out_first[m + 1]; k++)
			if (g->group[callee_of(g, k)] == g->group[m])
				nk++;
	}
	if (nin == 0)
		c.enter[0] = 1;   /* nothing calls it (only in tiny profiles) */
	c.to = malloc(nk * sizeof(unsigned));
	c.site = malloc(nk * sizeof(unsigned));
	c.rate = malloc(nk * sizeof(double));
	c.x = malloc(nk * sizeof(double));
	nk = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned m = g->at_pos[grp->first + i], k0 = nk;
		double all = 0;

		for (unsigned k = f->out_first[m]; k < f->out_first[m + 1]; k++) {
			unsigned v = callee_of(g, k);

			if (g->group[v] != g->group[m])
				continue;
			c.to[nk] = g->pos[v] - grp->first;
			c.site[nk] = k;
			all += c.rate[nk++] = (double)g->sites[k].count;
		}
		for (unsigned k = k0; k < nk; k++)
			c.rate[k] /= all;
		c.first[i + 1] = nk;
	}
	/* The calls per activation that give the cycle its depth, by
	 * bisection. */
	for (int it = 0; it < 16; it++) {
		double mid = (lo + hi) / 2;

		make_calls(&c, mid);
		if (solve(&c, 1, j, 1e-9) > grp->depth)
			hi = mid;
		else
			lo = mid;
	}
	make_calls(&c, lo);
	solve(&c, NEVENTS, j, 1e-13);
	for (unsigned k = 0; k < nk; k++) {
		struct site *s = &g->sites[c.site[k]];

		s->count = (uint64_t)c.x[k];
		for (int e = 0; e < NEVENTS; e++)
			s->cost[e] = (uint64_t)(c.x[k] * j[c.to[k]][e] + 0.5L);
	}
	for (unsigned i = 0; i < nin; i++) {
		struct site *s = &g->sites[in[i]];

		for (int e = 0; e < NEVENTS; e++)
			s->cost[e] = (uint64_t)(s->count * j[g->pos[callee_of(g, in[i])] - grp->first][e] + 0.5L);
	}
	settle(g, in, nin, sum);
	free(j);
	free(in);
	free(c.first);
	free(c.enter);
	free(c.a);
	free(c.b);
	free(c.t);
	free(c.to);
	free(c.site);
	free(c.rate);
	free(c.x);
}

/* The costs of all calls, from the bottom of the call order up: a call
 * costs what its callee's work costs for those calls. */
static void costs(struct gen *g)
{
	unsigned n = g->nfuncs;
	struct flows f = {
		.out_first = calloc(n + 1, sizeof(unsigned)), .in_first = calloc(n + 2, sizeof(unsigned)),
		.in = malloc((g->nsites + 1) * sizeof(unsigned)), .t = calloc(n, sizeof(*f.t)),
	};

	/* The sites are in their callers' order. */
	for (unsigned k = 0; k < g->nsites; k++) {
		f.out_first[caller_of(g, k) + 1]++;
		f.in_first[callee_of(g, k) + 2]++;
	}
	for (unsigned fn = 0; fn < n; fn++) {
		f.out_first[fn + 1] += f.out_first[fn];
		f.in_first[fn + 2] += f.in_first[fn + 1];
	}
	for (unsigned k = 0; k < g->nsites; k++)
		f.in[f.in_first[callee_of(g, k) + 1]++] = k;
	for (unsigned p = n; p-- > 0;) {
		unsigned v = g->at_pos[p], grp = g->group[v];
		const struct group *c = grp ? &g->groups[grp - 1] : NULL;
		unsigned first = c ? c->first : p, last = c ? c->first + c->size : p + 1;

		/* self cost and calls out of the node: all below it */
		for (unsigned q = first; q < last; q++) {
			unsigned m = g->at_pos[q];

			for (int e = 0; e < NEVENTS; e++)
				f.t[m][e] = g->self[m][e];
			for (unsigned k = f.out_first[m]; k < f.out_first[m + 1]; k++)
				if (callee_of(g, k) != m && (grp == 0 || g->group[callee_of(g, k)] != grp))
					for (int e = 0; e < NEVENTS; e++)
						f.t[m][e] += g->sites[k].cost[e];
		}
		if (c != NULL) {
			cost_cycle(g, &f, c);
			p = c->first;
		} else {
			cost_function(g, &f, v);
		}
	}
	free(f.out_first);
	free(f.in_first);
	free(f.in);
	free(f.t);
}

/* Choose the callees and the costs of the calls the first pass recorded. */
static void plan(struct gen *g)
{
	struct rng r = { 0xCA11ED5EEDULL };
	unsigned n = g->nfuncs;

	g->pos = malloc(n * sizeof(unsigned));
	g->at_pos = malloc(n * sizeof(unsigned));
	g->group = calloc(n, sizeof(unsigned));
	g->entry = calloc(n, 1);
	g->first_slot = calloc(n, sizeof(unsigned));
	g->nslots_of = calloc(n, sizeof(unsigned));
	if (!g->pos || !g->at_pos || !g->group || !g->entry || !g->first_slot || !g->nslots_of) {
		fputs("gen: out of memory\n", stderr);
		exit(1);
	}
	/* The slots are in their callers' order. */
	for (unsigned s = g->nslots; s-- > 0;) {
		g->first_slot[g->slots[s].caller] = s;
		g->nslots_of[g->slots[s].caller]++;
	}
	order(g, &r);
	wire(g, &r);
	costs(g);
	free(g->pos);
	free(g->at_pos);
	free(g->group);
	free(g->entry);
	free(g->first_slot);
	free(g->nslots_of);
	free(g->groups);
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
	/* The first pass counts, so the header's summary: is the true sum, and
	 * records the calls, whose callees and costs plan() then chooses. */
	g.self = calloc(g.nfuncs, sizeof(*g.self));
	if (g.self == NULL) {
		fputs("gen: out of memory\n", stderr);
		return 1;
	}
	g.planning = true;
	g.rng.s = 0x9E3779B97F4A7C15ULL;
	part(&g, 1, g.sum);
	memcpy(summary, g.sum, sizeof(summary));
	g.planning = false;
	plan(&g);
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
	free(g.self);
	free(g.slots);
	free(g.sites);
	return ferror(stdout) || fclose(stdout) ? 1 : 0;
}
