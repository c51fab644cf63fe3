/* Groups of functions (--group-by): by ELF object, by source file, by
 * C++ class, by outermost namespace.
 *
 * A transform of the model: the groups become the functions of a profile
 * of their own, which every view then shows as it shows functions (the
 * table, --tree, --inclusive=both, JSON, the call graph, flame graphs).
 * A group's self cost is the sum of its functions' (exact); its calls are
 * the calls entering it from outside it (calls between two of its
 * functions are no calls of the group); its inclusive cost is the cost of
 * the estimated stacks that contain any of its functions, each stack once.
 *
 * That cost is exact when no function of the group is recursive and no
 * function of it can run beneath another (no path of calls leads from one
 * to another): it is then the sum of their inclusive costs, which is what
 * the model's inclusive cost of the group is.  Otherwise the model holds
 * the largest lower bound the profile proves (the greater of: the
 * inclusive cost of any of its functions; its self cost plus its calls out
 * of its component of the groups' call graph; the calls into it from
 * outside that component) and marks the group recursive, as it marks a
 * recursive function, and the estimate is beside it.  In a difference of
 * profiles such a group has none but what grouping_subtract gives it.
 *
 * By file, each cost line counts for the file it is in, as callgrind
 * records it: code inlined from a header counts for the header (as
 * cg_annotate's File:function summary has it).  Functions of no object or
 * file are in the group "???"; functions of no class or namespace in
 * "(global)". */
#ifndef CGA_CALC_GROUP_H
#define CGA_CALC_GROUP_H

#include <stdbool.h>
#include <stddef.h>

#include "calc-stacks.h"
#include "model-profile.h"
#include "options.h"

struct grouping;

/* The groups by BY (not GROUP_FUNCTION) of P's functions as they are now:
 * after every transform of the model that takes functions out. */
struct grouping *grouping_new(const struct profile *p, enum group_by by);
void grouping_free(struct grouping *gr);

/* P's functions in the groups of LIKE (a grouping of LIKE_P): each in that
 * of the function of LIKE_P of its file and name (a function LIKE_P lacks,
 * alone in one of its name).  For one side of a difference of profiles,
 * grouped as the difference is. */
struct grouping *grouping_new_like(const struct profile *p, const struct grouping *like,
				   const struct profile *like_p);

/* Add the stacks S of event K, the widths of whose frames are W, to the
 * groups' estimates: an estimate_also's add (calc-estimate.h), ARG the
 * grouping. */
void grouping_add_stacks(void *arg, const struct stacks *s, const cost_t *w, size_t k);

/* Make the groups' model from P: their self costs and the calls between
 * them; with FIGURES (cycles_mark ran on P), their inclusive costs and
 * estimates (grouping_add_stacks gave every event's stacks, or none).
 * Sets P's function totals to their inclusive costs. */
void grouping_build(struct grouping *gr, struct profile *p, bool figures);

/* Whether some group's inclusive cost is no sum (grouping_build with
 * figures made them). */
bool grouping_has_bounds(const struct grouping *gr);

/* In GR, of a difference of profiles, give each group whose inclusive cost
 * is no sum NEW's less OLD's: those of its namesakes in OLD's and NEW's
 * groupings (each built with figures from its own profile), as a recursive
 * function gets in a diff. */
void grouping_subtract(struct grouping *gr, const struct grouping *old, const struct grouping *new);

/* The groups' model (grouping_build made it), owned by GR. */
struct profile *grouping_model(struct grouping *gr);

/* The group (a function of the model) of P's function F. */
const struct func *grouping_of(const struct grouping *gr, const struct func *f);

/* How many of P's functions the group G (a function of the model) has. */
size_t grouping_members(const struct grouping *gr, const struct func *g);

/* The stacks S (made on P) with each frame's function replaced by its
 * group's, consecutive frames of one group merged into one, into OUT. */
void grouping_stacks(const struct grouping *gr, const struct stacks *s, struct stacks *out);

/* What a row of BY's table is: "object", "file", "class", "namespace";
 * "file:function" for GROUP_FUNCTION. */
const char *grouping_label(enum group_by by);

#endif
