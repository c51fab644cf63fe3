/* The machine-code view of the text report: after the annotated sources,
 * each chosen function's instructions with their counts, the calls made
 * from them, the jumps taken from them and their source lines, in the
 * annotated sources' columns and context windows. */
#ifndef CGA_REPORT_ASM_H
#define CGA_REPORT_ASM_H

#include <stdio.h>

#include "calc-asm.h"
#include "options.h"
#include "model-profile.h"
#include "report-columns.h"

void report_asm(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c, const struct asm_view *v);

/* What the listing says of jump J after the count columns: "jump 3 of
 * 10 times to 0x4005d0 <main>".  A new string. */
char *report_jump_text(const struct columns *c, const struct jump *j);

#endif
