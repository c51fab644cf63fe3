#include "report-html.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "calc-asm.h"
#include "diag.h"
#include "fmt-json.h"
#include "fmt-name.h"
#include "fmt-utf8.h"
#include "fmt-xml.h"
#include "report-annotate.h"
#include "report-dot.h"
#include "report-flame.h"
#include "report-json.h"
#include "web-assets.h"
#include "xalloc.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0"
#endif

extern char **environ;

/* Source lines longer than this are cut: a page is no place for them. */
#define SOURCE_LINE_MAX 2000

/* ---- the page around the data ---- */

/* Whether TEXT holds NEEDLE (which starts with '<'), ignoring ASCII case. */
static bool holds(const char *text, size_t n, const char *needle)
{
	size_t m = strlen(needle);
	const char *p = text, *end = text + n;

	while ((p = memchr(p, '<', (size_t)(end - p))) != NULL && (size_t)(end - p) >= m) {
		if (strncasecmp(p, needle, m) == 0)
			return true;
		p++;
	}
	return false;
}

/* An embedded script or style sheet, which must not end its element. */
static void put_asset(FILE *out, const char *tag, const char *text, size_t n)
{
	char end[16];

	snprintf(end, sizeof(end), "</%s", tag);
	if (holds(text, n, end) || holds(text, n, "<!--"))
		die(EXIT_INPUT, "the built-in %s holds '%s' or '<!--'", tag, end);
	fprintf(out, "<%s>\n", tag);
	fwrite(text, 1, n, out);
	fprintf(out, "</%s>\n", tag);
}

static void page_begin(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      /* Nothing may be fetched: the page is all there is. */
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n"
	      "<meta name=\"generator\" content=\"cgannotate " PACKAGE_VERSION "\">\n<title>", out);
	xml_puts(out, title);
	fputs("</title>\n", out);
	put_asset(out, "style", web_report_css, web_report_css_len);
	put_asset(out, "style", web_flamegraph_css, web_flamegraph_css_len);
	fputs("</head>\n<body>\n<noscript><p>This report is drawn by the script it holds:"
	      " let it run to see it.</p></noscript>\n<div id=\"app\"></div>\n"
	      "<script type=\"application/json\" id=\"cga-data\">", out);
}

static void page_end(FILE *out)
{
	fputs("</script>\n", out);
	put_asset(out, "script", web_flamegraph_js, web_flamegraph_js_len);
	put_asset(out, "script", web_report_js, web_report_js_len);
	fputs("</body>\n</html>\n", out);
}

/* ---- the call graph, drawn by Graphviz while the rest is written ---- */

/* The most functions the page's graph draws unless --node-thres is given:
 * a graph of more reads no longer at a glance, and dot's time to lay it out
 * grows much faster than its size (cc1plus at -O2: 200 nodes in 0.040 s,
 * the 420 of 0.5 % in 0.23 s).  Every function has its page all the same. */
#define HTML_GRAPH_NODES 200

static const char *dot_program(void)
{
	const char *d = getenv("DOT");

	return d != NULL && *d != '\0' ? d : "dot";
}

void html_graph_start(struct html_graph *g, struct profile *p, const struct options *opt,
		      const struct columns *c)
{
	struct table table;
	struct options incl = *opt;
	posix_spawn_file_actions_t actions;
	char *argv[3];
	pid_t pid;

	memset(g, 0, sizeof(*g));
	g->program = dot_program();
	g->dot = tmpfile();
	g->svg = tmpfile();
	if (g->dot == NULL || g->svg == NULL) {
		g->no_file = errno;
		return;
	}
	incl.inclusive = true;
	table_rows(&table, p, &incl, c->sort, c->nsort);
	g->drawing.max_nodes = opt->node_thres_set ? 0 : HTML_GRAPH_NODES;
	report_dot(g->dot, p, opt, c, &table, &g->drawing);
	table_release(&table);
	if (fflush(g->dot) != 0 || ferror(g->dot)) {
		g->no_file = errno;
		return;
	}
	rewind(g->dot);
	argv[0] = (char *)g->program;
	argv[1] = (char *)"-Tsvg";
	argv[2] = NULL;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, fileno(g->dot), 0);
	posix_spawn_file_actions_adddup2(&actions, fileno(g->svg), 1);
	posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
	g->spawn_error = posix_spawnp(&pid, g->program, &actions, NULL, argv, environ);
	g->pid = g->spawn_error == 0 ? pid : 0;
	posix_spawn_file_actions_destroy(&actions);
	if (g->spawn_error != 0)
		warn("'%s' cannot be run (%s): the page has no call graph; install Graphviz "
		     "(Debian: apt-get install graphviz) or set DOT to its dot", g->program,
		     strerror(g->spawn_error));
}

/* "callgraph": {"svg": TEXT} once dot is done, or {"missing": WHY}; and
 * how many functions reach --node-thres and how many of them are drawn. */
static void callgraph_write(struct json *j, struct html_graph *g, const struct options *opt)
{
	int status = 0;
	char *svg = NULL, *why = NULL;
	long n = 0;

	if (g->pid != 0) {
		while (waitpid(g->pid, &status, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			why = xasprintf("'%s -Tsvg' failed (%s %d) on the graph of"
					" --format=dot", g->program,
					WIFEXITED(status) ? "exit status" : "signal",
					WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		} else if (fseek(g->svg, 0, SEEK_END) == 0 && (n = ftell(g->svg)) > 0) {
			rewind(g->svg);
			svg = xmalloc((size_t)n + 1);
			n = (long)fread(svg, 1, (size_t)n, g->svg);
			svg[n] = '\0';
		} else {
			why = xasprintf("'%s -Tsvg' drew nothing", g->program);
		}
	} else if (g->no_file != 0) {
		why = xasprintf("The call graph could not be drawn: no temporary file for it (%s).",
				strerror(g->no_file));
	} else {
		why = xasprintf("Graphviz's dot could not be run when this report was written "
				"('%s': %s). Install Graphviz (Debian: apt-get install graphviz) "
				"and write the report again to see the call graph here, or draw it "
				"with: cgannotate --format=dot PROFILE | dot -Tsvg -o graph.svg",
				g->program, strerror(g->spawn_error));
	}
	json_key(j, "callgraph");
	json_begin_object(j);
	json_key(j, svg != NULL ? "svg" : "missing");
	if (svg != NULL)
		json_string_len(j, svg, (size_t)n);
	else
		json_string(j, why);
	json_key(j, "program");
	json_string(j, g->program);
	json_key(j, "node_thres");
	json_double(j, opt->node_thres);
	json_key(j, "reached");
	json_uint(j, g->drawing.reached);
	json_key(j, "drawn");
	json_uint(j, g->drawing.drawn);
	json_end_object(j);
	free(svg);
	free(why);
	if (g->dot != NULL)
		fclose(g->dot);
	if (g->svg != NULL)
		fclose(g->svg);
}

/* ---- source files ---- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Whether line K is within CONTEXT lines of a line in LINES (N, sorted). */
static bool near(const uint64_t *lines, size_t n, uint64_t k, uint64_t context, size_t *at)
{
	while (*at < n && lines[*at] + context < k)
		(*at)++;
	return *at < n && (lines[*at] <= k ? k - lines[*at] : lines[*at] - k) <= context;
}

/* The lines of F's source within the context of a line with a cost, as
 * [number, text] pairs: what the text report prints of it. */
static void write_source(struct json *j, const struct options *opt, const struct pfile *f)
{
	char *path = NULL, *buf = NULL;
	FILE *src = annotate_open_source(opt, f->name, &path, NULL);
	uint64_t *lines, lineno = 0;
	size_t n = 0, at = 0, cap = 0;
	ssize_t len;

	if (src == NULL)
		return;
	lines = xmalloc((f->lines.count + 1) * sizeof(*lines));
	for (size_t i = 0; i < f->lines.count; i++)
		if (f->lines.entries[i].cost != NULL || f->lines.entries[i].sites != NULL)
			lines[n++] = f->lines.entries[i].line;
	qsort(lines, n, sizeof(*lines), cmp_u64);
	json_begin_object(j);
	json_key(j, "file");
	json_string(j, f->name);
	json_key(j, "path");
	json_string(j, path);
	json_key(j, "lines");
	json_begin_array(j);
	while (n > 0 && (len = getline(&buf, &cap, src)) >= 0) {
		lineno++;
		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (!near(lines, n, lineno, (uint64_t)opt->context, &at)) {
			if (at >= n)
				break;
			continue;
		}
		json_begin_inline_array(j);
		json_uint(j, lineno);
		json_string_len(j, buf, len > SOURCE_LINE_MAX ? SOURCE_LINE_MAX : (size_t)len);
		json_end_array(j);
	}
	json_end_array(j);
	json_end_object(j);
	free(buf);
	free(lines);
	free(path);
	fclose(src);
}

/* ---- machine code ---- */

/* A line of a listing: the index in its function's "instructions" of one
 * the profile has (*NEXT, counted across the function's listings, as
 * report-json.c writes them), else [address, objdump's text]. */
static void write_listing_line(struct json *j, const struct asm_line *al, size_t *next)
{
	char address[24];

	if (al->instr >= 0) {
		json_uint(j, (*next)++);
		return;
	}
	snprintf(address, sizeof(address), "0x%" PRIx64, al->address);
	json_begin_inline_array(j);
	json_string(j, address);
	json_string(j, al->text);
	json_end_array(j);
}

/* AF's lines as the text report's --asm lists them, null where it marks
 * lines left out.  The counts stay in "instructions": the page shows the
 * JSON report's numbers, this adds only the code around them. */
static void write_listing(struct json *j, const struct asm_func *af, size_t context, size_t *next)
{
	size_t at = 0, lo, hi;

	json_begin_object(j);
	json_key(j, "file");
	json_string(j, af->func->key.file->name);
	json_key(j, "function");
	json_string(j, af->func->key.name);
	json_key(j, "object");
	json_string(j, *af->code->object ? af->code->object : NULL);
	json_key(j, "missing");
	json_string(j, asm_missing(af));
	json_key(j, "lines");
	json_begin_array(j);
	while (asm_next_window(af, context, &at, &lo, &hi)) {
		if (lo > 0)
			json_null(j);
		for (size_t k = lo; k <= hi; k++)
			write_listing_line(j, &af->lines[k], next);
	}
	if (at > 0 && at < af->nlines)
		json_null(j);
	json_end_array(j);
	json_end_object(j);
}

/* "machine_code": a listing per function and object, in the order of
 * each function's "instructions". */
static void write_machine_code(struct json *j, const struct asm_view *v, size_t context)
{
	size_t next = 0;

	json_key(j, "machine_code");
	json_begin_array(j);
	for (size_t i = 0; v != NULL && i < v->nfuncs; i++) {
		if (i == 0 || v->funcs[i].func != v->funcs[i - 1].func)
			next = 0;
		write_listing(j, &v->funcs[i], context, &next);
	}
	json_end_array(j);
}

static void write_strings(struct json *j, char *const *v, size_t n)
{
	json_begin_array(j);
	for (size_t i = 0; i < n; i++)
		json_string(j, v[i]);
	json_end_array(j);
}

/* ---- the flame tree ---- */

static void write_flame(struct json *j, const struct flame *fl, const struct profile *p,
			const struct columns *c, const struct options *opt, const char *why)
{
	json_key(j, "flame");
	json_begin_object(j);
	if (fl == NULL) {
		json_key(j, "missing");
		json_string(j, why);
		json_end_object(j);
		return;
	}
	json_key(j, "event");
	json_string(j, p->events[c->primary].name);
	json_key(j, "diff");
	json_bool(j, fl->diff);
	json_key(j, "down");
	json_bool(j, opt->flame_down);
	json_key(j, "total");
	json_int(j, fl->total[FLAME_NEW]);
	json_key(j, "old_total");
	json_int(j, fl->total[FLAME_OLD]);
	json_key(j, "drawn_total");
	json_int(j, fl->drawn_total);
	if (fl->diff) {
		json_key(j, "change");
		json_double(j, flame_relative_change(fl, FLAME_ROOT));
	}
	/* Shares are of the whole program, focused or not, as in the table. */
	json_key(j, "share_total");
	json_int(j, fl->share_total[FLAME_NEW]);
	json_key(j, "share_old_total");
	json_int(j, fl->share_total[FLAME_OLD]);
	json_key(j, "focus");
	write_strings(j, opt->focus, opt->nfocus);
	json_key(j, "names");
	json_begin_array(j);
	for (size_t i = 0; i < fl->nnames; i++)
		json_string(j, fl->names[i]);
	json_end_array(j);
	/* By name: what frames show of it (null: the name itself), and the
	 * lines of their tooltips after the counts (report-flame.h). */
	json_key(j, "labels");
	json_begin_array(j);
	for (size_t i = 0; i < fl->nnames; i++)
		json_string(j, fl->about != NULL ? fl->about[i].label : NULL);
	json_end_array(j);
	json_key(j, "legend");
	json_bool(j, flame_has_estimates(fl));
	json_key(j, "about");
	json_begin_array(j);
	for (size_t i = 0; i < fl->nnames; i++) {
		char *about = flame_about_text(fl, i, p->events[c->primary].name);

		json_string(j, about);
		free(about);
	}
	json_end_array(j);
	/* Per node, in preorder: name, depth, width, and in a diff OLD's
	 * width, the drawn width and the relative change in percent (of the
	 * widths before rounding; null for a new frame). */
	json_key(j, "nodes");
	json_begin_inline_array(j);
	for (size_t i = 0; i < fl->n; i++) {
		const struct flame_node *v = &fl->nodes[i];
		uint64_t row[3] = { v->name_id, v->depth, v->width };

		json_uints(j, row, 3);
		if (fl->diff) {
			json_int(j, flame_width(fl, i, FLAME_OLD));
			json_int(j, flame_drawn(fl, i));
			json_double(j, flame_relative_change(fl, i));
		}
	}
	json_end_array(j);
	json_end_object(j);
}

/* ---- the report ---- */

struct html {
	struct profile *p;
	const struct options *opt;
	const struct columns *c;
	const struct html_flame *flame;
	size_t listed;             /* rows of the text report's table */
	const struct pfile **files;
	size_t nfiles;
	const struct asm_view *code;   /* NULL without --asm */
	struct html_graph *graph;
};

static void write_indices(struct json *j, const size_t *v, size_t n)
{
	json_begin_inline_array(j);
	for (size_t i = 0; i < n; i++)
		json_uint(j, v[i]);
	json_end_array(j);
}

/* What the page needs to know of the command line. */
static void write_settings(struct json *j, const struct html *h)
{
	const struct options *opt = h->opt;

	json_key(j, "page");
	json_begin_object(j);
	json_key(j, "generator");
	json_string(j, "cgannotate " PACKAGE_VERSION);
	json_key(j, "shown");
	write_indices(j, h->c->show, h->c->nshow);
	json_key(j, "sort");
	write_indices(j, h->c->sort, h->c->nsort);
	json_key(j, "primary");
	json_uint(j, h->c->primary);
	json_key(j, "inclusive");
	json_string(j, opt->both_costs ? "both" : opt->inclusive ? "yes" : "no");
	json_key(j, "threshold");
	json_string(j, opt->threshold);
	json_key(j, "listed");
	json_uint(j, h->listed);
	json_key(j, "show_percs");
	json_bool(j, opt->show_percs);
	json_key(j, "context");
	json_uint(j, (uint64_t)opt->context);
	json_key(j, "focus");
	write_strings(j, opt->focus, opt->nfocus);
	json_key(j, "hide");
	write_strings(j, opt->hide, opt->nhide);
	json_end_object(j);
}

static void write_more(struct json *j, void *arg)
{
	struct html *h = arg;

	write_settings(j, h);
	write_flame(j, h->flame->wait != NULL ? h->flame->wait(h->flame->arg) : h->flame->tree,
		    h->p, h->c, h->opt, h->flame->missing);
	json_key(j, "sources");
	json_begin_array(j);
	for (size_t i = 0; i < h->nfiles; i++)
		write_source(j, h->opt, h->files[i]);
	json_end_array(j);
	write_machine_code(j, h->code, (size_t)h->opt->context);
	/* Last: dot has drawn while the rest was written. */
	callgraph_write(j, h->graph, h->opt);
}

static bool has_file(const struct pfile *const *files, size_t n, const struct pfile *f)
{
	for (size_t i = 0; i < n; i++)
		if (files[i] == f)
			return true;
	return false;
}

static void add_file(struct html *h, struct pfile *f)
{
	if (f == NULL || !f->annotatable || f->lines.count == 0 ||
	    has_file(h->files, h->nfiles, f))
		return;
	h->files = xreallocarray(h->files, h->nfiles + 1, sizeof(*h->files));
	h->files[h->nfiles++] = f;
}

static int file_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct pfile *const *)a)->name, (*(const struct pfile *const *)b)->name);
}

/* What the page holds besides every function's figures and calls: the
 * files named on the command line, then with --auto=yes every other file
 * with per-line data (those found, as the text report finds them), and
 * with --asm the machine code of every function --asm-function does not
 * narrow down.  The table lists first the rows of the text report's table
 * (--threshold): their number goes into H. */
static void choose_contents(struct html *h, struct asm_view *code, const struct table *self)
{
	struct profile *p = h->p;
	struct table own;
	/* Without --inclusive the text report's table is that of self costs. */
	const struct table *t = self;
	size_t start;

	if (h->opt->inclusive) {
		table_build(&own, p, h->opt, h->c->sort, h->c->nsort);
		t = &own;
	}
	h->listed = t->nshown;
	for (size_t i = 0; i < h->opt->nuser; i++)
		add_file(h, profile_find_file(p, h->opt->user_files[i]));
	start = h->nfiles;
	if (h->opt->auto_annotate) {
		for (struct pfile *f = p->files; f != NULL; f = f->hh.next)
			add_file(h, f);
		if (h->nfiles > start)
			qsort(h->files + start, h->nfiles - start, sizeof(*h->files), file_cmp);
	}
	if (p->keep_instr)
		asm_build(code, p, h->opt, t->rows, t->nrows, t->nrows, (size_t)h->opt->context);
	if (t == &own)
		table_release(&own);
}

static char *page_title(const struct profile *p, const struct options *opt)
{
	if (opt->mode == MODE_DIFF)
		return xasprintf("cgannotate: %s against %s", opt->profiles[1], opt->profiles[0]);
	if (*p->cmd)
		return xasprintf("cgannotate: %s (%s)", p->cmd, opt->profile);
	return xasprintf("cgannotate: %s", opt->profile);
}

/* The page's own keys of function F: its name shortened as the call graph
 * labels it, where that is shorter.  The flame graph's frames are labelled
 * so too: a name that is its frames' text has its label there. */
static void write_function_more(struct json *j, const struct func *f, void *arg)
{
	const struct html *h = arg;
	const struct flame *fl = h->flame != NULL ? h->flame->tree : NULL;
	const char *label = NULL;
	char *name, *shown;
	bool found = false;

	/* No name of so few bytes has more characters. */
	if (strlen(f->key.name) <= NAME_LABEL_MAX)
		return;
	name = utf8_clean(f->key.name, "");
	if (fl != NULL && strcmp(name, f->key.name) == 0)
		label = flame_label_of(fl, name, &found);
	shown = !found ? name_shorten(name, NAME_LABEL_MAX) : xstrdup(label != NULL ? label : name);
	if (strcmp(shown, name) != 0) {
		json_key(j, "short");
		json_string(j, shown);
	}
	free(shown);
	free(name);
}

void report_html(FILE *out, struct profile *p, const struct options *opt,
		 const struct columns *c, struct html_graph *g, const struct html_flame *flame)
{
	struct html h = { .p = p, .opt = opt, .c = c, .flame = flame, .graph = g };
	struct asm_view code;
	struct json_page page = { true, NULL, 0, write_function_more, write_more, &h };
	struct options self = *opt;
	struct table t;
	struct json j;
	char *title = page_title(p, opt);

	/* The true totals, as --format=json gives them. */
	self.inclusive = false;
	table_build(&t, p, &self, c->sort, c->nsort);
	choose_contents(&h, &code, &t);
	h.code = p->keep_instr ? &code : NULL;
	page.files = h.files;
	page.nfiles = h.nfiles;
	page_begin(out, title);
	json_init_page(&j, out);
	json_begin_object(&j);
	report_json_write(&j, p, opt, c, &t, p->keep_instr ? &code : NULL, &page);
	json_end_object(&j);
	json_flush(&j);
	page_end(out);
	if (p->keep_instr)
		asm_release(&code);
	table_release(&t);
	free(h.files);
	free(title);
}

void report_html_aprof(FILE *out, const struct aprof *a, const struct options *opt,
		       const struct aprof_table *t, struct aprof_routine *const *sel, size_t nsel)
{
	struct json j;
	char *title = xasprintf("cgannotate: %s", a->path);

	page_begin(out, title);
	json_init_page(&j, out);
	json_begin_object(&j);
	aprof_write_json(&j, a, opt, t, sel, nsel);
	json_key(&j, "page");
	json_begin_object(&j);
	json_key(&j, "generator");
	json_string(&j, "cgannotate " PACKAGE_VERSION);
	json_key(&j, "threshold");
	json_string(&j, opt->threshold);
	json_key(&j, "shown");
	json_uint(&j, t->nshown);
	json_key(&j, "mangled");
	json_bool(&j, opt->mangled);
	json_end_object(&j);
	json_end_object(&j);
	json_flush(&j);
	page_end(out);
	free(title);
}
