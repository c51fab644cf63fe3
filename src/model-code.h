/* The machine code of a function as the profile saw it, for the machine-code
 * view: per instruction address its self cost and the calls made from it (a
 * linetab keyed by address), its source position and the jumps taken from
 * it.  A function's instructions are kept per object (a function of unknown
 * name may gather code of several).  Only kept when asked for
 * (profile.keep_instr): the default reports need none of it. */
#ifndef CGA_MODEL_CODE_H
#define CGA_MODEL_CODE_H

#include <stdbool.h>
#include <stdint.h>

#include "model-cost.h"
#include "model-linetab.h"
#include "xalloc.h"

struct pfile;

/* Jumps from one instruction to one target, summed. */
struct jump {
	uint64_t target;
	const struct pfile *to_file;  /* jfi= of the target; NULL: not named */
	const char *to_name;          /* jfn= of the target; NULL: the same function */
	cost_t taken;
	cost_t executed;              /* COST_ABSENT for an unconditional jump */
	struct jump *next;            /* in order of first appearance */
};

struct instr_info {
	const struct pfile *file;     /* source position first seen; NULL if none */
	uint64_t line;
	struct jump *jumps;
};

struct code {
	const char *object;           /* interned; "" when no ob= was given */
	struct linetab instrs;        /* keyed by address */
	struct instr_info *info;      /* parallel to instrs.entries */
	size_t info_cap;
	struct code *next;
};

/* The code of the function whose list is *LIST in OBJECT (interned), made
 * in arena A if new. */
struct code *code_of(struct code **list, struct arena *a, const char *object);
void code_release(struct code *c);

/* The entry of the instruction at ADDR, created empty if new; *INFO gets
 * its info.  Both are valid until the next instruction is created. */
struct line_entry *code_instr(struct code *c, uint64_t addr, struct instr_info **info);
/* The index in c->instrs.entries of ADDR's entry, or -1. */
ptrdiff_t code_find(const struct code *c, uint64_t addr);

/* Add TAKEN (and EXECUTED, COST_ABSENT for an unconditional jump) to the
 * jumps of INFO to TARGET.  Returns false if a sum left the range of counts. */
bool code_add_jump(struct instr_info *info, struct arena *a, uint64_t target,
		   const struct pfile *to_file, const char *to_name,
		   cost_t taken, cost_t executed);

#endif
