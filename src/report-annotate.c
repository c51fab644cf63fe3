#include "report-annotate.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "fmt-num.h"
#include "report-text.h"
#include "xalloc.h"

struct annotation {
	FILE *out;
	struct profile *p;
	const struct options *opt;
	const struct columns *c;
	cost_t *shown;             /* sum of the counts printed */
	cost_t *line;              /* one line's self cost, out of its cells */
	bool did_annotate;
	const char **unfound;
	size_t nunfound;
};

static const char warn_rule[] =
	"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n";
static const char warn_banner[] =
	"@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n";

static void warn_newer(FILE *out, const char *src, const char *profile)
{
	fprintf(out, "%s%s%s"
		"@ Source file '%s' is more recent than input file '%s'.\n"
		"@ Annotations may not be correct.\n"
		"%s\n", warn_rule, warn_banner, warn_rule, src, profile, warn_rule);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void warn_past_end(FILE *out, const char *src, bool newer)
{
	fprintf(out, "%s%s%s@@\n@@ Information recorded about lines past the end of '%s'.\n"
		"@@\n@@ Probable cause and solution:\n", warn_rule, warn_banner, warn_rule, src);
	if (newer)
		fprintf(out, "@@ cause:    '%s' has changed since information was gathered.\n"
			"@@           If so, a warning will have already been issued about this.\n"
			"@@ solution: Recompile program and rerun under \"valgrind --cachesim=yes\" to \n"
			"@@           gather new information.\n", src);
	else if (ends_with(src, ".h"))
		fputs("@@ cause:    bug in the Valgrind's debug info reader that screws up with .h\n"
		      "@@           files sometimes\n"
		      "@@ solution: none, sorry\n", out);
	else
		fputs("@@ cause:    not sure, sorry\n", out);
	fprintf(out, "@@\n%s", warn_rule);
}

FILE *annotate_open_source(const struct options *opt, const char *name, char **path,
			   const char **dir)
{
	for (size_t i = 0; i < opt->ninclude; i++) {
		char *try = xasprintf("%s%s", opt->include_dirs[i], name);
		FILE *f = fopen(try, "r");
		struct stat st;

		if (f != NULL && (fstat(fileno(f), &st) != 0 || S_ISDIR(st.st_mode))) {
			fclose(f);
			f = NULL;
		}
		if (f != NULL) {
			*path = try;
			if (dir != NULL)
				*dir = opt->include_dirs[i];
			return f;
		}
		free(try);
	}
	return NULL;
}

static int cmp_line(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Lines with a self cost, ascending. */
static uint64_t *cost_lines(const struct pfile *f, size_t *n)
{
	uint64_t *lines = xmalloc((f->lines.count ? f->lines.count : 1) * sizeof(*lines));

	*n = 0;
	for (size_t i = 0; i < f->lines.count; i++)
		if (f->lines.entries[i].cost != NULL)
			lines[(*n)++] = f->lines.entries[i].line;
	qsort(lines, *n, sizeof(*lines), cmp_line);
	return lines;
}

/* The self cost of E (NULL if it has none), valid until the next call. */
static const cost_t *line_cost(struct annotation *a, const struct line_entry *e)
{
	return cells_expand(&a->p->spill, e->cost, a->line, a->p->nevents);
}

struct source {
	FILE *f;
	char *buf;
	size_t cap;
	uint64_t lineno;           /* Perl's $.: lines read so far */
};

/* Read one line; false at the end.  A last line "0" without a newline ends
 * the listing as the end of the file would: it is false to Perl. */
static bool source_line(struct source *s, ssize_t *len, bool *truthy)
{
	*len = getline(&s->buf, &s->cap, s->f);
	if (*len < 0)
		return false;
	s->lineno++;
	*truthy = !(*len == 1 && s->buf[0] == '0');
	return true;
}

static void print_range(struct annotation *a, struct pfile *pf, struct source *src,
			const size_t *w, uint64_t low, uint64_t high,
			const uint64_t *lines, size_t n, size_t *next, bool *more)
{
	ssize_t len;
	bool truthy = false, got = false;

	while (src->lineno < low - 1 && source_line(src, &len, &truthy))
		;
	if (low != 1)
		fprintf(a->out, "-- line %" PRIu64 " ----------------------------------------\n", low);
	while (src->lineno < high) {
		const struct line_entry *e;

		got = source_line(src, &len, &truthy) && truthy;
		if (!got)
			break;
		if (*next < n && src->lineno == lines[*next]) {
			const cost_t *v = line_cost(a, linetab_find(&pf->lines, lines[*next]));

			columns_print_cost(a->out, a->c, w, v);
			cost_add_checked(a->shown, v, a->p->nevents);
			(*next)++;
		} else {
			columns_print_cost(a->out, a->c, w, NULL);
		}
		fputc(' ', a->out);
		fwrite(src->buf, 1, (size_t)len, a->out);
		e = linetab_find(&pf->lines, src->lineno);
		if (e != NULL && e->sites != NULL)
			report_call_lines(a->out, a->p, a->c, w, e);
	}
	if (got)
		fprintf(a->out, "-- line %" PRIu64 " ----------------------------------------\n", high);
	*more = got;
}

/* A + B, held at UINT64_MAX: line numbers may be as large as that. */
static uint64_t add_lines(uint64_t a, uint64_t b)
{
	uint64_t s;

	return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

/* The windows of CONTEXT lines around each line with counts, merged where
 * they touch, as (low, high) pairs. */
static uint64_t *windows(const uint64_t *lines, size_t n, uint64_t context, size_t *npairs)
{
	uint64_t *pairs = xmalloc((2 * n + 2) * sizeof(*pairs));

	*npairs = 0;
	for (size_t i = 0; i < n; i++) {
		pairs[2 * *npairs] = lines[i] > context ? lines[i] - context : 1;
		while (i + 1 < n && add_lines(lines[i], add_lines(context, context)) >= lines[i + 1])
			i++;
		pairs[2 * *npairs + 1] = add_lines(lines[i], context);
		(*npairs)++;
	}
	return pairs;
}

static void annotate_lines(struct annotation *a, struct pfile *pf, FILE *f,
			   const char *name, bool newer)
{
	struct source src = { f, NULL, 0, 0 };
	size_t n, first = 0, next, npairs;
	uint64_t *lines = cost_lines(pf, &n);
	uint64_t *pairs;
	size_t *w = columns_widths_new(a->c);
	const struct line_entry *zero;
	bool more = true;

	for (size_t i = 0; i < pf->lines.count; i++) {
		if (pf->lines.entries[i].cost != NULL)
			columns_widen(a->c, w, line_cost(a, &pf->lines.entries[i]));
		/* callgrind_annotate's columns are as wide as the lines' own
		 * counts, which bound a call's cost unless they are changes. */
		if (a->c->changes)
			report_widen_call_lines(a->p, a->c, w, &pf->lines.entries[i]);
	}
	columns_print_events(a->out, a->c, w);
	fputs("\n\n", a->out);
	if (n > 0 && lines[0] == 0)
		first = 1;
	next = first;
	pairs = windows(lines + first, n - first, (uint64_t)a->opt->context, &npairs);
	for (size_t k = 0; k < npairs && more; k++)
		print_range(a, pf, &src, w, pairs[2 * k], pairs[2 * k + 1], lines, n, &next, &more);
	if (next < n) {
		for (size_t i = next; i < n; i++) {
			columns_print_cost(a->out, a->c, w,
					   line_cost(a, linetab_find(&pf->lines, lines[i])));
			fprintf(a->out, " <bogus line %" PRIu64 ">\n", lines[i]);
		}
		fputc('\n', a->out);
		warn_past_end(a->out, name, newer);
	}
	fputc('\n', a->out);
	zero = linetab_find(&pf->lines, 0);
	if (zero != NULL && zero->cost != NULL) {
		columns_print_cost(a->out, a->c, w, line_cost(a, zero));
		fprintf(a->out, " <counts for unidentified lines in %s>\n\n", name);
	}
	free(src.buf);
	free(pairs);
	free(lines);
	free(w);
}

static bool newer_than(const char *path, const char *than)
{
	struct stat a, b;

	return stat(path, &a) == 0 && stat(than, &b) == 0 && a.st_mtime > b.st_mtime;
}

static void annotate_file(struct annotation *a, const char *name, bool user)
{
	const char *dir;
	char *path;
	FILE *f = annotate_open_source(a->opt, name, &path, &dir);
	struct pfile *pf;

	if (f == NULL) {
		if (user)
			die(EXIT_INPUT, "%s: cannot open the source file in any include directory",
			    name);
		a->unfound = xreallocarray(a->unfound, a->nunfound + 1, sizeof(*a->unfound));
		a->unfound[a->nunfound++] = name;
		return;
	}
	report_rule(a->out);
	if (*dir)
		fprintf(a->out, "-- %s-annotated source: %s + %s\n", user ? "User" : "Auto", dir, name);
	else
		fprintf(a->out, "-- %s-annotated source: %s\n", user ? "User" : "Auto", name);
	report_rule(a->out);
	pf = profile_find_file(a->p, name);
	if (pf == NULL || !pf->defined) {
		fprintf(a->out, "  No information has been collected for %s\n\n", name);
	} else {
		bool newer = newer_than(path, a->p->path);

		a->did_annotate = true;
		if (newer)
			warn_newer(a->out, name, a->p->path);
		annotate_lines(a, pf, f, name, newer);
	}
	fclose(f);
	free(path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void print_unfound(struct annotation *a)
{
	if (a->nunfound == 0)
		return;
	qsort(a->unfound, a->nunfound, sizeof(*a->unfound), cmp_str);
	report_rule(a->out);
	fputs("The following files chosen for auto-annotation could not be found:\n", a->out);
	report_rule(a->out);
	for (size_t i = 0; i < a->nunfound; i++)
		fprintf(a->out, "  %s\n", a->unfound[i]);
	fputc('\n', a->out);
}

/* callgrind_annotate makes each count of the summary that is zero, or less
 * than what was shown, equal to what was shown, so the block reads 100%. */
static void print_shown_total(struct annotation *a, struct table *t)
{
	size_t *w;

	for (size_t i = 0; i < t->summary_len; i++) {
		cost_t s = t->summary[i] == COST_ABSENT ? 0 : t->summary[i];
		cost_t v = a->shown[i] == COST_ABSENT ? 0 : a->shown[i];

		if (s == 0 || v > s)
			t->summary[i] = a->shown[i];
	}
	w = columns_widths_new(a->c);
	columns_widen(a->c, w, a->shown);
	report_rule(a->out);
	columns_print_events(a->out, a->c, w);
	fputc('\n', a->out);
	report_rule(a->out);
	columns_print_cost(a->out, a->c, w, a->shown);
	fputs(" events annotated\n\n", a->out);
	free(w);
}

static bool listed(const char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return true;
	return false;
}

/* Functions of profiles that name no file ("fl=" missing) are listed
 * under "", those of files valgrind could not tell under "???": neither
 * is a file to look for. */
static bool names_a_file(const char *name)
{
	return *name != '\0' && strcmp(name, "???") != 0;
}

void annotate_sources(FILE *out, struct profile *p, const struct options *opt,
		      const struct columns *c, struct table *t)
{
	struct annotation a = { out, p, opt, c, NULL, NULL, false, NULL, 0 };

	a.shown = cost_new(&p->arena, p->nevents);
	a.line = cost_new(&p->arena, p->nevents);
	for (size_t i = 0; i < opt->nuser; i++)
		annotate_file(&a, opt->user_files[i], true);
	if (opt->auto_annotate)
		for (size_t i = 0; i < t->nfiles; i++)
			if (names_a_file(t->files[i]) &&
			    !listed((const char *const *)opt->user_files, opt->nuser, t->files[i]))
				annotate_file(&a, t->files[i], false);
	print_unfound(&a);
	if (a.did_annotate)
		print_shown_total(&a, t);
	free(a.unfound);
}
