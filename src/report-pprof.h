/* The --format=pprof report: the samples of calc-samples.h as a
 * gzip-compressed profile.proto (perftools.profiles.Profile), the format
 * of `go tool pprof`, speedscope, Perfetto, Pyroscope and Parca. */
#ifndef CGA_REPORT_PPROF_H
#define CGA_REPORT_PPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "calc-samples.h"
#include "model-profile.h"
#include "options.h"

struct pprof_meta {
	const char *const *events; /* the sample types' names, in order */
	size_t nevents;
	size_t primary;            /* the default sample type: an index into EVENTS */
	bool diff;                 /* values are OLD's events, then NEW's: OLD's
				      written negated, labelled as pprof's diff base */
	const char *const *comments;
	size_t ncomments;
	const char *program;       /* the profiled command's program, or NULL: the
				      object of that name is the first mapping */
};

/* Write S to OUT as M says: one sample per node with values (two in a
 * diff), its locations leaf first; a Function per piece of code, named
 * by its file and name; a Location per line of a piece (inlined code as
 * an extra Line of its host, innermost first); a Mapping per object,
 * marked as symbolized so that pprof takes the names as they are. */
void report_pprof(FILE *out, const struct samples *s, const struct pprof_meta *m);

/* The comments of the profile of NEW (and in a diff of OLD, else NULL):
 * that its stacks are estimated, its command, creator and parts, the
 * focus, and with REST what the costs outside functions are.  A new
 * array of *N new strings. */
char **pprof_comments(const struct profile *old, const struct profile *new,
		      const struct options *opt, bool rest, size_t *n);

/* The program P's command runs (its first word, without its directory),
 * or NULL.  A new string. */
char *pprof_program(const struct profile *p);

#endif
