/* A function's own source lines, for the views that place its costs at
 * lines (pprof's locations): per line of its file, its self cost and the
 * calls made from it, and the lowest instruction address the profile
 * gives there.  The per-file tables of model-linetab.h sum a line over
 * every function with code at it (a header's inline function in many
 * callers); these keep each function's apart.  Only kept when asked for
 * (profile.keep_func_lines). */
#ifndef CGA_MODEL_FUNCLINES_H
#define CGA_MODEL_FUNCLINES_H

#include <stdbool.h>
#include <stdint.h>

#include "model-linetab.h"
#include "xalloc.h"

#define FUNC_LINES_NO_ADDRESS UINT64_MAX

struct func_lines {
	struct linetab lines;      /* by line number */
	uint64_t *low;             /* parallel to lines.entries: the lowest address
				      seen at the line, or FUNC_LINES_NO_ADDRESS */
	size_t low_cap;
};

/* The entry of LINE in *FL (made in arena A if FL is NULL), created empty
 * if new; ADDR, unless FUNC_LINES_NO_ADDRESS, is an address of the line.
 * The pointer is valid until the next entry is created. */
struct line_entry *func_lines_at(struct func_lines **fl, struct arena *a, uint64_t line,
				 uint64_t addr);
/* Free the tables of FL (NULL: none); FL itself is in an arena. */
void func_lines_release(struct func_lines *fl);

#endif
