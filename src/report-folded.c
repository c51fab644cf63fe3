#include "report-folded.h"

#include <stdlib.h>
#include <string.h>

#include "calc-stacks.h"
#include "fmt-num.h"
#include "xalloc.h"

struct line {
	size_t at;                 /* the stack's text in the buffer, NUL-terminated */
	cost_t count;
};

struct text {
	char *buf;
	size_t len, cap;
};

/* A function name as a frame: ';' separates frames and a newline lines. */
static void put_frame(struct text *t, const char *name)
{
	size_t n = strlen(name);

	xgrow(&t->buf, &t->cap, t->len + n + 2, 1);
	for (size_t i = 0; i < n; i++) {
		char c = name[i];

		t->buf[t->len++] = c == ';' ? ':' : c == '\n' ? ' ' : c;
	}
}

/* The stack of frame F, root first, ending in a NUL. */
static void put_stack(struct text *t, const struct stacks *s, size_t f, size_t **path,
		      size_t *cap)
{
	size_t depth = 0;

	for (size_t a = f; a != STACKS_ROOT; a = s->frames[a].parent) {
		xgrow(path, cap, depth + 1, sizeof(**path));
		(*path)[depth++] = a;
	}
	while (depth-- > 0) {
		put_frame(t, s->frames[(*path)[depth]].func->key.name);
		t->buf[t->len++] = depth > 0 ? ';' : '\0';
	}
}

static int line_cmp(const void *a, const void *b, void *arg)
{
	const char *buf = arg;

	return strcmp(buf + ((const struct line *)a)->at, buf + ((const struct line *)b)->at);
}

void report_folded(FILE *out, struct profile *p, size_t event)
{
	struct stacks s;
	struct text t = { NULL, 0, 0 };
	struct line *lines = NULL;
	size_t n = 0, cap = 0, *path = NULL, path_cap = 0;
	char count[NUMFMT_COUNT_MAX];

	stacks_estimate(&s, p, event);
	for (size_t f = 0; f < s.n; f++) {
		if (s.frames[f].count == 0 || !s.frames[f].shown)
			continue;
		xgrow(&lines, &cap, n + 1, sizeof(*lines));
		lines[n].at = t.len;
		lines[n++].count = s.frames[f].count;
		put_stack(&t, &s, f, &path, &path_cap);
	}
	if (n > 1)
		qsort_r(lines, n, sizeof(*lines), line_cmp, t.buf);
	for (size_t i = 0; i < n; i++) {
		cost_t sum = lines[i].count;

		/* Functions of one name in several files make one frame. */
		while (i + 1 < n && strcmp(t.buf + lines[i].at, t.buf + lines[i + 1].at) == 0)
			sum += lines[++i].count;
		numfmt_decimal(count, sum);
		fprintf(out, "%s %s\n", t.buf + lines[i].at, count);
	}
	free(lines);
	free(path);
	free(t.buf);
	stacks_release(&s);
}
