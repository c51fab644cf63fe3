/* objdump's output, as --asm reads it: the input (after the option bytes)
 * is taken for what objdump printed, read whole and again keeping only
 * the instructions near some of its addresses, with the context of the
 * option bytes' --context (modulo 5). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz.h"
#include "read-objdump.h"

/* The listing of LINES (N of them), keeping only what is near WANT (if not
 * NULL) with context CONTEXT. */
static void read_listing(struct objdump_listing *l, char **lines, const size_t *lens, size_t n,
			 const uint64_t *want, size_t nwant, size_t context)
{
	objdump_init(l);
	if (want != NULL)
		objdump_keep_near(l, want, nwant, context);
	for (size_t i = 0; i < n; i++)
		objdump_parse_line(l, lines[i], lens[i]);
	objdump_finish(l);
}

/* Kept near every third instruction and the byte after every fifth, the
 * listing must hold each of those instructions and the CONTEXT around
 * each, in order, and mark where it left instructions out. */
static void check_keep_near(const struct objdump_listing *all, char **lines, const size_t *lens,
			    size_t n, size_t context)
{
	struct objdump_listing l;
	uint64_t *want = calloc(2 * all->count + 1, sizeof(*want));
	bool *near = calloc(all->count + 1, sizeof(*near));
	size_t nwant = 0, j = 0;

	for (size_t i = 0; i < all->count; i++) {
		if (i % 3 == 0)
			want[nwant++] = all->insns[i].address;
		if (i % 5 == 0 && i + 1 < all->count &&
		    all->insns[i].address + 1 < all->insns[i + 1].address)
			want[nwant++] = all->insns[i].address + 1;
	}
	for (size_t i = 0; i < all->count; i++)
		for (size_t k = i > context ? i - context : 0; k <= i + context && k < all->count; k++)
			near[k] |= i % 3 == 0;
	read_listing(&l, lines, lens, n, want, nwant, context);
	for (size_t i = 0; i < all->count; i++) {
		bool here = j < l.count && l.insns[j].address == all->insns[i].address;

		if (near[i] && !here)
			abort();
		if (here) {
			if (strcmp(l.insns[j].text, all->insns[i].text) != 0 ||
			    l.insns[j].symbol_start != all->insns[i].symbol_start)
				abort();
			/* Left out just before: marked. */
			if (i > 0 && j > 0 && l.insns[j - 1].address != all->insns[i - 1].address &&
			    !l.insns[j].gap_before)
				abort();
			j++;
		}
	}
	if (j != l.count)
		abort();
	objdump_release(&l);
	free(near);
	free(want);
}

static int run(const struct options *opt, struct input *in, const char *strip_prefix,
	       FILE *out)
{
	struct objdump_listing l;
	const char *line;
	size_t len, n = 0, cap = 0, *lens = NULL;
	char **lines = NULL;
	bool ascending = true;

	(void)strip_prefix;
	while (input_line(in, &line, &len)) {
		xgrow(&lines, &cap, n + 1, sizeof(*lines));
		lens = xreallocarray(lens, cap, sizeof(*lens));
		lines[n] = xstrndup(line, len);
		lens[n++] = len;
	}
	objdump_init(&l);
	for (size_t i = 0; i < n; i++) {
		size_t before = l.count;

		objdump_parse_line(&l, lines[i], lens[i]);
		if (before > 0 && l.count > before &&
		    l.insns[before].address <= l.insns[before - 1].address)
			ascending = false;
	}
	objdump_finish(&l);
	for (size_t i = 0; i < l.count; i++) {
		if (i > 0 && l.insns[i].address <= l.insns[i - 1].address)
			abort();
		if (objdump_lower_bound(&l, l.insns[i].address) != i)
			abort();
		fprintf(out, "%" PRIx64 " %d %s\n", l.insns[i].address, l.insns[i].symbol_start,
			l.insns[i].text);
	}
	/* objdump prints a run in ascending order, which keep_near relies on. */
	if (ascending)
		check_keep_near(&l, lines, lens, n, (size_t)opt->context % 5);
	objdump_release(&l);
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	free(lens);
	return EXIT_OK;
}

const struct fuzz_target fuzz_target = { "objdump", run };
