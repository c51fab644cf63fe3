/* How a fuzz input becomes a command line, shared by the libFuzzer harness
 * and tests/fuzz/replay (which runs the normal program on saved inputs). */
#ifndef CGA_FUZZ_ARGS_H
#define CGA_FUZZ_ARGS_H

#include <stddef.h>
#include <stdint.h>

/* An input's first FUZZ_OPT_BYTES bytes choose options; the rest is the
 * profile. */
#define FUZZ_OPT_BYTES 6
#define FUZZ_MAX_ARGS 48
#define FUZZ_ARG_MAX 160

/* Create the source files the inputs may name in the current directory:
 * a.c (text), bin.c (binary), empty.c, long.c (one 1 MB line), dir.c (a
 * directory), sub/a.c (for -Isub) and objdump, a stand-in for objdump that
 * OBJDUMP is set to; DOT is set to a program that does not exist.  Dies on
 * failure. */
void fuzz_sandbox_fill(void);

/* The command line for option bytes B and profile DATA (SIZE bytes) stored
 * at PROFILE, into ARGV (FUZZ_MAX_ARGS + 1 slots, NULL-terminated) with
 * STORE for the strings it builds.  Returns argc. */
int fuzz_args(const uint8_t *b, const uint8_t *data, size_t size, char *profile,
	      char **argv, char (*store)[FUZZ_ARG_MAX]);

#endif
