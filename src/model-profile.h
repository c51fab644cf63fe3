/* The cost model: what a profile says, independent of how it is printed.
 *
 * Names are interned once; functions are keyed by (file, name) and carry
 * their self cost, the sum of the costs of calls into them and out of them,
 * and their call edges.  Files that may be annotated keep per-line tables.
 * Everything bulk lives in the profile's arena; profile_release frees it. */
#ifndef CGA_MODEL_PROFILE_H
#define CGA_MODEL_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hash.h"

#include "diag.h"
#include "model-cells.h"
#include "model-code.h"
#include "model-funclines.h"
#include "model-cost.h"
#include "model-linetab.h"
#include "xalloc.h"

struct edge;
struct cycle;
struct call_estimates;
struct grouping;

struct pfile {
	const char *name;          /* with the current directory stripped */
	struct linetab lines;      /* only filled when annotatable */
	bool defined;              /* named by fl=/fi=/fe=: has line information */
	bool annotatable;          /* per-line data is kept for it */
	UT_hash_handle hh;
};

struct func_key {
	const struct pfile *file;
	const char *name;          /* interned */
};

struct func {
	struct func_key key;
	const char *fullname;      /* "file:function", as printed and sorted */
	const char *object;        /* from the ob= in force at its last fn= line; NULL if none */
	cost_t *self;              /* NULL until listed */
	cost_t *called;            /* sum of calls into it; NULL if never called */
	cost_t *outgoing;          /* sum of calls out of it; NULL if it calls nothing */
	cost_t *total;             /* the table's figure, set by inclusive_compute */
	cost_t *fixed_total;       /* --focus: its inclusive cost within the stacks kept */
	cost_t *estimate;          /* the cost of the estimated stacks containing it, per
				      event (calc-estimate.h); NULL: its inclusive cost */
	bool listed;               /* named by fn=/fi=/fe= (a row of the reference's table) */
	struct func *host;         /* for code inlined from another file: the fn= function */
	bool focus_match;          /* its name matches a --focus expression */
	bool recursive;            /* in a strongly connected component with a call
				      inside it (set by cycles_mark) */
	size_t scc;                /* that component's number (set by cycles_mark) */
	struct cycle *cycle;       /* the cycle of several functions it is in, or NULL */
	const struct cycle *whole; /* this is not a function but the row of a cycle */
	struct edge *out;          /* calls made, newest first */
	struct edge *in;           /* calls received, newest first */
	size_t nout;               /* length of the out list */
	struct code *code;         /* its instructions, per object (keep_instr only) */
	struct func_lines *lines;  /* its own lines (keep_func_lines only; NULL if none) */
	uint64_t first_line;       /* the first and last lines of its own file that its
				      costs and calls were read at, where that file */
	uint64_t last_line;        /* keeps per-line data (0, 0: none) */
	size_t index;              /* creation order */
	struct func *same_name;    /* the next function of the same name */
};

struct edge_key {
	struct func *caller;
	struct func *callee;
};

/* A profile has several times more edges than functions, so their costs
 * are cells (see model-cells.h; with the profile's spill): the calls'
 * inclusive cost, one cell per event, then how many calls there were. */
struct edge {
	struct edge_key key;
	struct edge *next_out;
	struct edge *next_in;
	cell_t cells[];
};

/* Index entry for the call sites of a line that has many: in stripped
 * code every call of an object is made from line 0 of file "???".  Keyed
 * by the line's table and number, which stay when the table's entries
 * move; a key with no caller and callee holds the last site of the list. */
struct site_key {
	const struct linetab *table;
	uint64_t line;
	const struct func *caller;
	const struct func *callee;
};

struct site_ref {
	struct site_key key;
	struct call_site *site;
	UT_hash_handle hh;
};

/* Index entry for the edges of callers with many callees. */
struct edge_ref {
	struct edge_key key;
	struct edge *edge;
	UT_hash_handle hh;
};

/* One header block and the body lines after it. */
struct part {
	cost_t *summary;           /* NULL if the part has no summary: line */
	size_t summary_len;        /* counts written on that line */
	cost_t *totals;
	size_t totals_len;
	cost_t *self_sum;          /* sum of the part's self cost lines (as added) */
	size_t line;               /* where the part starts */
	const char *path;          /* the profile it comes from */
	size_t number;             /* within that profile, from 1 */
	bool skipped;              /* not selected by --part: nothing of it was added */
	bool negated;              /* its costs were subtracted (the OLD side of a diff);
				      summary and totals are kept as written */
	/* Its header lines ("" when absent): what the report's header says
	 * of the profile whose first part this is. */
	const char *cmd, *pid, *thread, *name;
};

/* An event computed from others ("event: Sum = Ir + 10 Dr"): the sum of
 * COEF[i] times raw event INDEX[i]; absent when all those are absent. */
struct derived {
	size_t event;              /* its index in the events */
	const char *formula;
	size_t nterms;
	size_t *index;
	int64_t *coef;
};

struct rename;

/* A cycle of calls: a strongly connected component of the call graph with
 * more than one function (code inlined from another file being part of
 * the function it was inlined into), shown as a whole as gprof shows it. */
struct cycle {
	size_t id;                 /* <cycle ID>, numbered by decreasing inclusive cost */
	struct func **members;     /* by name; inlined code included */
	size_t nmembers;
	cost_t *self;              /* the sum of the members' self costs */
	cost_t *inclusive;         /* the calls that enter it from outside; for a cycle
				      that nothing outside calls, its self cost and its
				      calls out */
	cost_t calls;              /* how many calls enter it */
	struct func *row;          /* its row of the function table */
};

struct event {
	const char *name;
	const char *long_name;     /* from "event: NAME : LONG"; NULL if none */
	const char *formula;       /* from "event: NAME = FORMULA"; NULL if none */
};

struct strtab;

struct profile {
	struct arena arena;
	struct arena edge_arena;    /* the edges, apart: walking them is then walking memory in order */
	struct cell_spill spill;   /* the wide counts of the per-line cells */
	const char *path;
	/* Header fields, from the first part as callgrind_annotate shows them
	 * (each part has its own cmd, pid, thread and name: see struct part). */
	const char *creator, *cmd;
	char *desc;                /* "desc:" lines except "Option:" ones, each ending in \n */
	size_t desc_len;
	struct event *events;      /* the raw events, then the derived ones */
	size_t nevents;
	size_t nraw;               /* events read from cost lines */
	struct derived *derived;   /* events nraw.. */
	size_t nderived;
	bool events_final;         /* long names and derived events are resolved */
	uint64_t *magnitude[2];    /* per event: the sums of the positive [0] and
				      of the negative [1] self counts read (of every
				      profile, negated or not), in size: while both
				      fit in 64 bits no sum of self costs leaves the
				      range of counts */
	struct event *event_defs;  /* "event:" lines */
	size_t nevent_defs;
	struct part *parts;
	size_t nparts;
	/* What to keep per line: every file, or only these names. */
	bool annotate_all;
	char **annotate_names;
	size_t nannotate_names;
	const char *strip_prefix;  /* removed from the front of file names */
	/* What to read, set by the caller before reading. */
	const unsigned long *want_parts;  /* part numbers to add (ascending); none: all */
	size_t nwant_parts;
	bool negate;               /* subtract what is read next */
	char *const *want_events;  /* names that may be derived events */
	size_t nwant_events;
	const struct rename *file_rename, *func_rename;  /* may be NULL */
	char **paths;              /* every profile read, in order */
	size_t npaths;
	/* When set, annotate_all keeps per-line data only for the files found
	 * in one of these directories (prefixes ending in "/", or ""): a
	 * text report prints the lines of no other file. */
	char *const *source_dirs;
	size_t nsource_dirs;
	bool keep_instr;           /* keep per-instruction data and jumps */
	bool keep_func_lines;      /* keep each function's own lines (struct func_lines) */
	bool instr_missing;        /* a cost line had no instruction address */

	struct pfile *files;       /* hash by name */
	struct func **func_list;   /* in creation order; functions are found by name */
	size_t nfuncs, funcs_cap;
	struct edge_ref *edges;    /* hash by key, only for callers with many callees */
	struct site_ref *sites;    /* hash of the call sites of lines with many
				      (see profile_call_site) */
	struct strtab *strings;    /* every name, interned */
	struct cycle *cycles;      /* set by cycles_mark, by id (cycles[0] is <cycle 1>; in a
				      diff, numbered as NEW numbers its own, with gaps) */
	size_t ncycles;

	/* The estimated cost of each call of the primary event (calc-estimate.h),
	 * where the pipeline made it for a view; owned by the pipeline. */
	const struct call_estimates *call_estimates;

	/* What was wrong with the input (read-callgrind.c) and with the figures
	 * made from it, which every report repeats. */
	struct warnings warnings;
	struct grouping *grouping; /* --group-by's groups of its functions
				      (calc-group.h), or NULL */

	/* Set by --focus (see calc-focus.h). */
	bool focused;              /* only stacks through a focus_match function count:
				      costs are those of the stacks kept (calc-focus.h) */
	bool fixed_totals;         /* focus_apply set the functions' fixed_total */
	cost_t *self_total;        /* when focused: the self costs of all functions */
};

void profile_init(struct profile *p, const char *path);
void profile_release(struct profile *p);

/* The interned copy of S[0..LEN), owned by the profile. */
const char *profile_intern(struct profile *p, const char *s, size_t len);
/* The file called NAME (before rewriting and stripping), created if new. */
struct pfile *profile_file(struct profile *p, const char *name, size_t len);
/* The interned function name S[0..LEN), rewritten by --mod-funcname. */
const char *profile_func_name(struct profile *p, const char *s, size_t len);
/* The function NAME (interned) in FILE, created if new. */
struct func *profile_func(struct profile *p, struct pfile *file, const char *name);
/* Make F a row of the table (allocating its self cost). */
void profile_list_func(struct profile *p, struct func *f);
/* The call site CALLER -> CALLEE of entry E of table T (E is T's entry for
 * LINE), created with a zero count and absent cost at the end of E's list
 * if new. */
struct call_site *profile_call_site(struct profile *p, const struct linetab *t, uint64_t line,
				    struct line_entry *e, struct func *caller, struct func *callee);
/* The edge CALLER -> CALLEE, created with a zero count and absent cost if new. */
struct edge *profile_edge(struct profile *p, struct func *caller, struct func *callee);
/* Event K's count of E's cost; K == nevents: how many calls. */
static inline cost_t edge_get(const struct profile *p, const struct edge *e, size_t k)
{
	return cells_get(&p->spill, e->cells, k);
}
static inline cost_t edge_count(const struct profile *p, const struct edge *e)
{
	return edge_get(p, e, p->nevents);
}
/* E's cost into OUT (nevents counts), which is returned. */
cost_t *edge_cost(const struct profile *p, const struct edge *e, cost_t *out);
/* Add COUNT calls of cost COST (nevents counts; NULL: none) to E.  Returns
 * false if a sum left the range of counts. */
bool edge_add(struct profile *p, struct edge *e, const cost_t *cost, cost_t count);
/* Make E's cost COST (nevents counts) and its count COUNT. */
void edge_set(struct profile *p, struct edge *e, const cost_t *cost, cost_t count);
/* The edge CALLER -> CALLEE, or NULL. */
const struct edge *profile_find_edge(const struct profile *p, const struct func *caller,
				     const struct func *callee);
/* How many times F was called: the sum of its callers' counts. */
cost_t profile_times_called(const struct profile *p, const struct func *f);
/* The object F's code is in: code inlined from another file is in that of
 * the function it was inlined into.  NULL if the profile names none. */
const char *func_object(const struct func *f);
/* A profile's functions by file and name, to find those of another
 * profile (one side of a difference) in it. */
struct func_index;
struct func_index *func_index_new(const struct profile *p);
/* The function of the indexed profile of F's file and name, or NULL. */
const struct func *func_index_find(const struct func_index *x, const struct func *f);
void func_index_free(struct func_index *x);
/* The file whose (stripped) name is NAME, or NULL. */
struct pfile *profile_find_file(const struct profile *p, const char *name);
/* The function NAME of the file FILE (names as the profile shows them),
 * or NULL: how another profile's function is found in P. */
struct func *profile_find_func(const struct profile *p, const char *file, const char *name);
/* Whether some part was subtracted: the profile is a difference. */
bool profile_is_diff(const struct profile *p);
/* Start a new part at input line LINE. */
struct part *profile_new_part(struct profile *p, size_t line);

/* Take the functions F with GONE[F->index] out of P, with every call to
 * or from them, and number the others again in their order.  The called
 * and outgoing sums stay as they are; inlined code whose host is taken out
 * has no host any more.  Their memory stays in the arena: per-line call
 * sites may still name them; their index becomes (size_t)-1. */
void profile_remove_funcs(struct profile *p, const bool *gone);
/* Take every call E for which KEEP(P, E, ARG) is false out of P. */
void profile_filter_calls(struct profile *p,
			  bool (*keep)(const struct profile *, const struct edge *, void *), void *arg);
/* Take F's calls to other functions out of P. */
void profile_remove_calls_from(struct profile *p, struct func *f);
/* Set every function's called and outgoing sums from its calls. */
void profile_sum_calls(struct profile *p);

#endif
