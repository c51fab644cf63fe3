/* Run a program the way the fuzzing harness runs the pipeline on an input:
 *
 *   replay PROGRAM INPUT
 *
 * In the current directory: creates the harness's source files, writes the
 * input's profile to ./profile and executes PROGRAM with the command line
 * the input's option bytes choose.  tests/fuzz/regress.sh uses it to run
 * the normal build on the inputs that once made the fuzzers fail. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "args.h"

int main(int argc, char **argv)
{
	static char profile[] = "profile";
	uint8_t b[FUZZ_OPT_BYTES] = { 0 };
	char *args[FUZZ_MAX_ARGS + 1];
	char store[FUZZ_MAX_ARGS][FUZZ_ARG_MAX];
	unsigned char *data = NULL;
	size_t size = 0, cap = 0, n, nb;
	FILE *f, *out;

	if (argc != 3) {
		fputs("usage: replay PROGRAM INPUT\n", stderr);
		return 99;
	}
	f = fopen(argv[2], "rb");
	if (f == NULL) {
		perror(argv[2]);
		return 99;
	}
	do {
		if (size == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (data == NULL)
				return 99;
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n > 0);
	fclose(f);
	nb = size < FUZZ_OPT_BYTES ? size : FUZZ_OPT_BYTES;
	for (size_t i = 0; i < nb; i++)
		b[i] = data[i];
	fuzz_sandbox_fill();
	out = fopen(profile, "wb");
	if (out == NULL || fwrite(data + nb, 1, size - nb, out) != size - nb || fclose(out) != 0) {
		perror(profile);
		return 99;
	}
	fuzz_args(b, data + nb, size - nb, profile, args, store);
	args[0] = argv[1];
	execv(argv[1], args);
	perror(argv[1]);
	return 99;
}
