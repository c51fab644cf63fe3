/* The estimated stacks (calc-stacks.h) as samples of located frames, for
 * the views whose frames are lines of functions (pprof): each stack's
 * count placed at lines of its functions, its leaf at the lines of the
 * leaf's own cost, every other frame at the line of the call it makes.
 *
 * A stack's frame is a function with the code that its frames hold (code
 * inlined into it from another file, code reached by a jump): its pieces.
 * The profile gives each piece's own cost per line and each call's cost
 * per line it is made from (model-funclines.h), not which stacks ran
 * which line.  So the counts of a function's frames are laid end to end,
 * and the costs of its lines end to end beside them: each stretch of a
 * frame is placed at the line it lies against (the north-west corner rule
 * of a transport table, which cuts the fewest pieces).  The widths of a
 * callee's frames under one caller are laid so against the costs of the
 * lines its calls are made from, and every stretch of the stacks above a
 * frame follows the place its stretch was given.  A line's samples thus
 * add up to its cost exactly, and each stack to its count; which stacks
 * ran which line is the guess.  Where the lines' costs add up to less
 * than the frames hold (--hide gave a function its callee's costs), the
 * rest is at line 0 of the function, "no line"; where more (the recorded
 * costs of calls inside a cycle of calls count nested calls again), they
 * are scaled down to what the frames hold, in proportion.
 *
 * Samples are kept as a tree of locations, root first, shared by every
 * event and side: a node's values are those of the sample that ends
 * there.  Locations are named by file and function, so that the two
 * sides of a diff (two profiles) share them. */
#ifndef CGA_CALC_SAMPLES_H
#define CGA_CALC_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "calc-stacks.h"
#include "model-profile.h"

#define SAMPLES_ROOT ((size_t)-1)
#define SAMPLES_NONE ((size_t)-1)

/* A place a frame stands at: a line of a piece of a function.  Strings
 * are borrowed from the profiles, which must outlive the samples. */
struct sample_loc {
	const char *file, *name;         /* the piece's; NULL for the costs in no function */
	const char *host_file, *host_name;   /* the function holding it, if another */
	const char *object;              /* NULL or "" when the profile names none */
	uint64_t line;                   /* 0: no line */
	uint64_t address;                /* FUNC_LINES_NO_ADDRESS: none given */
	uint64_t piece_hash, host_hash;  /* samples_name_hash of the piece's file and
					    name, and of its host's (0: none) */
};

struct sample_node {
	size_t parent;             /* the frame below, or SAMPLES_ROOT */
	size_t loc;
	size_t value;              /* its row of values, or SAMPLES_NONE */
};

struct samples {
	size_t nslots;             /* values per sample: sides times events */
	struct sample_loc *locs;
	size_t nlocs, locs_cap;
	struct sample_node *nodes;
	size_t nnodes, nodes_cap;
	int64_t *values;           /* nvalued rows of nslots */
	size_t nvalued, values_cap;
	size_t *loc_slots, loc_mask;     /* open addressing: index + 1, 0 empty */
	struct node_slot *node_slots;
	size_t node_mask;
};

/* What samples_add needs to know of one profile, made once for all its
 * events.  P must not change while it is used. */
struct sample_src;

/* The hash of a function's FILE and NAME (a piece's or a host's), the same
 * for equal strings of any profile; never 0. */
uint64_t samples_name_hash(const char *file, const char *name);

void samples_init(struct samples *s, size_t nslots);
void samples_release(struct samples *s);

/* The source for P, whose stacks hold function i in the frames of
 * function NODE[i] (struct stacks' node).  The caller frees it. */
struct sample_src *samples_src_new(struct samples *s, const struct profile *p,
				   const size_t *node);
void samples_src_free(struct sample_src *src);

/* Add the shown stacks ST of event EVENT of SRC's profile as value SLOT of
 * the samples.  Dies with EXIT_INPUT when they add up to more than a
 * sample value holds (2^63-1). */
void samples_add(struct samples *s, struct sample_src *src, const struct stacks *st,
		 size_t event, size_t slot);

/* Add AMOUNT to value SLOT of the sample of one frame that stands for the
 * costs in no function (the program total less the functions' costs). */
void samples_add_rest(struct samples *s, size_t slot, int64_t amount);

#endif
