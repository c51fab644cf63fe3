/* objdump's disassembly of an object: runs `objdump -d` over an address
 * range and reads the instructions out of its output.  The parser takes
 * the output of any binutils version: with or without the instruction
 * bytes (which may wrap onto continuation lines), symbol labels, section
 * headers and "..." lines for skipped zeros. */
#ifndef CGA_READ_OBJDUMP_H
#define CGA_READ_OBJDUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xalloc.h"

/* The longest instruction: 15 bytes on x86.  objdump decodes no byte at or
 * past its stop address, so an instruction that starts fewer bytes than
 * this before it may come out cut short (".byte 0xe9" for a jmp). */
#define OBJDUMP_INSN_MAX 15

struct objdump_insn {
	uint64_t address;
	const char *text;          /* "mov    %rsp,%rbp": mnemonic and operands */
	bool symbol_start;         /* the first instruction after a symbol label */
	bool gap_before;           /* instructions before it were left out (see
				      objdump_keep_near) */
};

struct objdump_listing {
	struct objdump_insn *insns;   /* ascending by address, once objdump_finish ran */
	size_t count, cap;
	struct arena arena;           /* the texts */
	bool after_label;             /* parse state: a label was read last */
	bool stopped;                 /* a run with a stop address is read: */
	uint64_t cut_from;            /* instructions from here on may be cut short
					 by it, and are left out */

	/* Only the instructions near these addresses are kept; NULL: all. */
	const uint64_t *want;         /* ascending */
	size_t nwant, context;
	size_t next_want;             /* want[next_want] is still ahead */
	size_t keep_after;            /* instructions still to keep after a wanted one */
	struct objdump_insn *held;    /* the last instructions not kept, which become
					 context if a wanted address follows; their
					 texts are allocated */
	size_t nheld, held_cap;
	bool skipped;                 /* instructions were left out since the last kept */
};

void objdump_init(struct objdump_listing *l);
void objdump_release(struct objdump_listing *l);
/* Keep only the instructions at the NWANT addresses WANT (ascending, held
 * by the caller while lines are read), and CONTEXT instructions before and
 * after each: a profile's code is a few thousand instructions, but an
 * object without symbols makes its functions span megabytes of code.  An
 * address that starts no instruction keeps the CONTEXT instructions before
 * and after where it would be.  Runs must be read in ascending order of
 * address.  The first instruction kept after some were left out has
 * gap_before set. */
void objdump_keep_near(struct objdump_listing *l, const uint64_t *want, size_t nwant,
		       size_t context);

/* Read one line of `objdump -d` output (LEN bytes, no newline) into L. */
void objdump_parse_line(struct objdump_listing *l, const char *line, size_t len);
/* Sort L by address, keeping the first of instructions at one address;
 * after all lines (of any number of runs) were read. */
void objdump_finish(struct objdump_listing *l);
/* The index of the first instruction at or after ADDR (count if none). */
size_t objdump_lower_bound(const struct objdump_listing *l, uint64_t addr);

/* Whether PROGRAM (a path, or a name looked up in PATH) can be run. */
bool objdump_available(const char *program);

/* Run PROGRAM -d --no-show-raw-insn -C --start-address=START
 * --stop-address=STOP OBJECT and read its output into L (objdump_finish
 * still to be called).  The instructions that start in the last
 * OBJDUMP_INSN_MAX - 1 bytes before STOP, which objdump may have cut short,
 * are left out: a caller that wants the instruction at A whole gives a
 * STOP of at least A + OBJDUMP_INSN_MAX.  objdump's own messages become
 * cgannotate's: warnings when it succeeds, the description of the failure
 * when it does not.  Returns 0 on success, else a description of the
 * failure (static storage, valid until the next call). */
const char *objdump_run(const char *program, const char *object, uint64_t start,
			uint64_t stop, struct objdump_listing *l);

#endif
