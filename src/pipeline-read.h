/* Reading the profiles of one run: how each is read (the events, renames
 * and data its report needs), and the profiles after the first: summed or
 * diffed into one model, or read again apart, each on its own. */
#ifndef CGA_PIPELINE_READ_H
#define CGA_PIPELINE_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "model-profile.h"
#include "model-rename.h"
#include "options.h"
#include "read-input.h"

/* What every profile of a run is read with. */
struct reading {
	const struct options *opt;
	const char *strip_prefix;
	struct rename *file_rename, *func_rename;
	char **want;               /* the events --show and --sort name (borrowed) */
	size_t nwant;
	bool func_lines;           /* keep each function's own lines */
};

/* R, for OPT's profiles; FUNC_LINES keeps each function's own lines. */
void reading_init(struct reading *r, const struct options *opt, const char *strip_prefix,
		  bool func_lines);
void reading_release(struct reading *r);

/* P, ready to read the profile PATH as R's report needs it; LINES keeps
 * per-line and per-instruction data. */
void prepare_profile(struct profile *p, const struct reading *r, const char *path, bool lines);

/* Read the profile PATH, not the first of the command line, into P: a
 * usage error, naming OPTION, unless it is a Callgrind or Cachegrind
 * profile. */
void read_another(struct profile *p, const char *path, const char *option);

/* Read the profiles after the first one into P: summed, or in a diff the
 * first one (OLD, already read, negated) and the second (NEW). */
void read_more(struct profile *p, const struct options *opt);

/* Dies unless NEW has OLD's events, in the same order. */
void check_same_events(const struct profile *old, const struct profile *new);

/* OLD (opened as IN, unless AGAIN) and NEW read apart into SIDE, for a
 * view of a diff that needs each one's stacks.  Returns false when a
 * profile is standard input, which cannot be read twice, and AGAIN says
 * that it would be read a second time. */
bool read_sides(struct profile side[2], const struct reading *r, struct input *in, bool again);

#endif
