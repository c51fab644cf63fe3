/* The machine-code view's content: which functions to show, objdump's
 * disassembly of their code (one run per object and address range, never
 * per instruction), and each instruction lined up with the profile's data
 * for it.  The reports (report-asm.c, report-json.c) only print it. */
#ifndef CGA_CALC_ASM_H
#define CGA_CALC_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model-profile.h"
#include "options.h"
#include "read-objdump.h"

struct asm_line {
	uint64_t address;
	const char *text;          /* objdump's text; NULL when there is none */
	ptrdiff_t instr;           /* index of the profile's entry in code->instrs; -1 if none */
};

/* One function's code in one object. */
struct asm_func {
	const struct func *func;
	const struct code *code;
	uint64_t low, high;        /* the first and the last address the profile has */
	struct asm_line *lines;    /* ascending by address */
	size_t nlines;
	bool object_known;         /* the profile names its object file */
	bool object_read;          /* objdump disassembled its object */
};

/* An object the chosen functions are in. */
struct asm_object {
	const char *name;
	struct objdump_listing listing;   /* holds the texts */
	bool read;                 /* objdump could disassemble it */
	size_t mismatches;         /* profiled addresses that start no instruction in it */
	uint64_t first_mismatch;
};

struct asm_view {
	struct asm_func *funcs;
	size_t nfuncs;
	struct asm_object *objects;   /* sorted by name */
	size_t nobjects;
	size_t *first;             /* by func->index: 1 + the index of its first
				      entry in funcs (they are consecutive); 0: none */
};

/* The objdump to run: $OBJDUMP, else "objdump". */
const char *asm_objdump_program(void);

/* Whether OPT asks for machine code at all. */
bool asm_wanted(const struct options *opt);

/* Disassemble the functions chosen from ROWS (in their order): with
 * --asm=yes the first NSHOWN of them, and any whose "file:function"
 * matches an --asm-function expression.  TAIL is how many instructions
 * after a function's last one in the profile may be shown (the report's
 * context).  Warns about objects that cannot be read or do not match the
 * profile. */
void asm_build(struct asm_view *v, const struct profile *p, const struct options *opt,
	       struct func *const *rows, size_t nrows, size_t nshown, size_t tail);
void asm_release(struct asm_view *v);

/* The entries of F in V (*N of them, consecutive), or NULL. */
const struct asm_func *asm_find(const struct asm_view *v, const struct func *f, size_t *n);

/* The next run of AF's lines to show, from line *AT on: CONTEXT lines
 * around each line the profile has, runs merged where they touch, as in
 * the annotated sources.  Sets [*LO, *HI] and moves *AT past it; false,
 * *AT unchanged, when no line the profile has is left.  Every report that
 * lists machine code shows these lines and no others. */
bool asm_next_window(const struct asm_func *af, size_t context, size_t *at, size_t *lo,
		     size_t *hi);

/* Why AF's instructions have no disassembly, or NULL when they have. */
const char *asm_missing(const struct asm_func *af);

#endif
