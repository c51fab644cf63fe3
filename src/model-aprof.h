/* The aprof report model: routines with their performance points (one per
 * input size), calling contexts, and the header fields. */
#ifndef CGA_MODEL_APROF_H
#define CGA_MODEL_APROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "calc-fit.h"
#include "hash.h"
#include "xalloc.h"

/* Which optional fields a point carries; the version decides most of them,
 * the line's length the drms extras. */
enum aprof_have {
	APROF_SQR = 1 << 0,        /* sqr-sum: versions 0, 1 and 4 on */
	APROF_SELF = 1 << 1,       /* real-sum, self-sum: version 2 on */
	APROF_SELF_MINMAX = 1 << 2, /* self-min, self-max: version 3 on */
	APROF_SELF_SQR = 1 << 3,   /* self-sqr: version 4 on */
	APROF_EXTRA = 1 << 4,      /* the four drms inputs: version 5 on, optional */
};

/* The drms extras, after two deprecated fields. */
enum aprof_extra {
	APROF_CUMUL_SYSCALL,
	APROF_CUMUL_THREAD,
	APROF_SELF_SYSCALL,
	APROF_SELF_THREAD,
	APROF_NEXTRA
};

/* Costs are unsigned 64-bit, as aprof writes them, up to 2^64-1; a sum of
 * them beyond that is an error, never wrapped.  Squares are doubles, as
 * they outgrow 64 bits. */
struct aprof_point {
	uint64_t rms;
	uint64_t min, max, sum, occ;
	uint64_t real_sum, self_sum, self_min, self_max;
	double sqr_sum, self_sqr;
	uint64_t extra[APROF_NEXTRA];
	unsigned have;   /* enum aprof_have bits */
};

struct aprof_routine {
	uint64_t id;
	const char *name;      /* from the r line (demangled, maybe shortened) */
	const char *image;
	const char *mangled;   /* from a u line, or NULL */
	const char *full;      /* full demangled name from a d line, or NULL */
	size_t index;          /* position in struct aprof's routines */
	/* Points merged by input size over the routine's p lines or, when it
	 * has none, over all its contexts' q lines; ascending rms. */
	struct aprof_point *points;
	size_t npoints;
	/* Totals over the points. */
	uint64_t self, cumulative, calls;
	bool has_self;         /* every point has a self-sum */
	uint64_t max_rms;
	bool has_fit;          /* at least 3 input sizes usable for the fit */
	struct fit fit;
	bool has_p;            /* reading: some p line named it */
	UT_hash_handle hh;     /* by id */
};

struct aprof_context {
	uint64_t id;
	struct aprof_routine *routine;
	struct aprof_context *parent;      /* NULL for a root */
	struct aprof_context *children;    /* first child, by descending cost after reading */
	struct aprof_context *next;        /* next sibling */
	uint64_t cumulative, calls;        /* sums over the context's q lines */
	uint64_t parent_id;                /* as read, unless root */
	bool root;                         /* read with parent -1 */
	uint64_t routine_id;               /* as read */
	size_t line;                       /* of the x line */
	bool in_tree;                      /* reachable from a root */
	UT_hash_handle hh;                 /* by id */
};

struct aprof {
	const char *path;
	unsigned long version;
	const char *application, *command, *cost_metric, *input_metric;
	const char *mtime;     /* e line, as text */
	const char *t;         /* t line, as text: a date or the memory resolution */
	const char **comments;
	size_t ncomments;
	bool has_total;        /* a k line was read */
	uint64_t total;        /* k, or the sum of the self costs (cumulative before version 2) */
	struct aprof_routine **routines;   /* in the order of their r lines */
	size_t nroutines;
	struct aprof_context **contexts;   /* in the order of their x lines */
	size_t ncontexts;
	struct aprof_context *roots;       /* first root, by descending cost */
	bool has_self;         /* the version has self costs (2 on) */
	size_t skipped;        /* malformed lines skipped */
	struct arena arena;        /* names, points */
	struct aprof_routine *by_id;       /* uthash heads */
	struct aprof_context *ctx_by_id;
};

void aprof_init(struct aprof *a, const char *path);
void aprof_release(struct aprof *a);

/* The routine with id ID, or NULL. */
struct aprof_routine *aprof_find(const struct aprof *a, uint64_t id);

/* Fit cost ≈ a·rms^b over the points with rms, min, max, sum and calls all
 * non-zero, weighted by calls, when at least 3 such input sizes exist. */
bool aprof_fit_points(const struct aprof_point *p, size_t n, struct fit *f);

#endif
