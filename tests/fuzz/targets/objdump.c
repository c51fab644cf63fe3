/* objdump's output, as --asm reads it: the input (after the option bytes)
 * is taken for what objdump printed.  The options are not used. */
#include <inttypes.h>

#include "fuzz.h"
#include "read-objdump.h"

static void run(const struct options *opt, struct input *in, const char *strip_prefix,
		FILE *out)
{
	struct objdump_listing l;
	const char *line;
	size_t len;

	(void)opt;
	(void)strip_prefix;
	objdump_init(&l);
	while (input_line(in, &line, &len))
		objdump_parse_line(&l, line, len);
	objdump_finish(&l);
	for (size_t i = 0; i < l.count; i++) {
		if (i > 0 && l.insns[i].address <= l.insns[i - 1].address)
			abort();
		if (objdump_lower_bound(&l, l.insns[i].address) != i)
			abort();
		fprintf(out, "%" PRIx64 " %d %s\n", l.insns[i].address, l.insns[i].symbol_start,
			l.insns[i].text);
	}
	objdump_release(&l);
}

const struct fuzz_target fuzz_target = { "objdump", run };
