#include "report-dot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "calc-cycles.h"
#include "calc-estimate.h"
#include "fmt-color.h"
#include "fmt-name.h"
#include "fmt-num.h"
#include "fmt-utf8.h"
#include "xalloc.h"

/* Graphviz rejects a quoted string of more than 16 KB (its scanner's
 * buffer); longer ones are written as "..." + "..." pieces, which DOT
 * joins into one string. */
#define PIECE_MAX 4096
/* Label lines of more characters are shortened (see fmt-name.h). */
#define LABEL_MAX NAME_LABEL_MAX

static const char times[] = "\xc3\x97";             /* U+00D7 */
static const char plus_minus[] = "\xc2\xb1";        /* U+00B1 */

struct dot {
	const struct profile *p;
	FILE *out;
	size_t event;              /* the one event of the graph */
	cost_t total;              /* shares are of it */
	bool diff;                 /* shares and counts are changes: signed */
	struct func **nodes;       /* kept functions, in output order */
	size_t nnodes;
	size_t nreached;           /* functions that reach --node-thres: nnodes or more */
	size_t *rank;              /* by function index: 1 + position in nodes, 0 if left out */
	bool tooltips;             /* the full name and object on hover (not in a page) */
};

static cost_t present(cost_t c)
{
	return c == COST_ABSENT ? 0 : c;
}

static cost_t value(const cost_t *v, size_t event)
{
	return v == NULL ? 0 : present(v[event]);
}

/* The cost of the calls E on the graph's event. */
static cost_t edge_value(const struct dot *d, const struct edge *e)
{
	return present(edge_get(d->p, e, d->event));
}

/* X as a percentage of the total: what --inclusive=yes prints. */
static double share(const struct dot *d, cost_t x)
{
	return numfmt_ratio100(x, d->total);
}

/* Weight of a share for width, 0..1; a change by its size. */
static double weight(double pct)
{
	double w = fabs(pct) / 100.0;

	return w > 1.0 ? 1.0 : w;
}

/* The colour of a share: the temperature of its weight, or in a diff the
 * diverging map of the signed change (red for more, blue for less). */
static void share_color(const struct dot *d, double pct, char *buf)
{
	if (d->diff)
		color_diverging(pct / 100.0, buf);
	else
		color_temperature(weight(pct), buf);
}

/* ---- quoted strings ---- */

struct quoted {
	FILE *out;
	size_t run;                /* bytes since the last opening quote */
};

static void quoted_begin(struct quoted *q, FILE *out)
{
	q->out = out;
	q->run = 0;
	fputc('"', out);
}

/* End a piece and start the next one. */
static void quoted_split(struct quoted *q)
{
	fputs("\" + \"", q->out);
	q->run = 0;
}

/* S[0..N): an escape sequence or a whole character, never split. */
static void quoted_put(struct quoted *q, const char *s, size_t n)
{
	if (q->run + n > PIECE_MAX)
		quoted_split(q);
	fwrite(s, 1, n, q->out);
	q->run += n;
}

static void quoted_end(struct quoted *q)
{
	fputc('"', q->out);
}

/* Bytes written as they are: printable ASCII but for those escaped. */
static size_t plain_run(const char *s, size_t n, bool colon, bool amp)
{
	size_t i = 0;

	while (i < n && s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\' && s[i] != '"' &&
	       !(colon && s[i] == ':') && !(amp && s[i] == '&'))
		i++;
	return i;
}

/* Whether S[0..N), which starts with '&', reads as an HTML entity
 * ("&amp;", "&#65;", "&#x41;"), which Graphviz decodes in labels and
 * tooltips. */
static bool entity_like(const char *s, size_t n)
{
	size_t i = 1;

	if (i < n && s[i] == '#')
		i++;
	while (i < n && i < 12 && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
				   (s[i] >= '0' && s[i] <= '9')))
		i++;
	return i > 1 && i < n && s[i] == ';';
}

/* Plain ASCII S[0..N), which may be split anywhere. */
static void quoted_put_plain(struct quoted *q, const char *s, size_t n)
{
	while (n > 0) {
		size_t k = PIECE_MAX - q->run;

		if (k == 0) {
			quoted_split(q);
			k = PIECE_MAX;
		}
		k = k < n ? k : n;
		fwrite(s, 1, k, q->out);
		q->run += k;
		s += k;
		n -= k;
	}
}

enum escaping {
	ESC_TEXT,                  /* labels, tooltips: what is no text as U+FFFD */
	ESC_ID,                    /* ids: what is no text as \xNN */
	ESC_ID_FILE,               /* the file part of an id: ':' as \: too */
};

/* S, with backslashes doubled and quotes escaped as DOT wants, and in text
 * an '&' that would start an entity written "&amp;".  An id is
 * the file name (ESC_ID_FILE), ':', and the function name (ESC_ID): its
 * first bare ':' ends the file name, and bytes that are no text are
 * written \xNN each, so that two functions never share an id. */
static void put_escaped(struct quoted *q, const char *s, enum escaping how)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	bool colon = how == ESC_ID_FILE;

	while (n > 0) {
		size_t len = plain_run((const char *)p, n, colon, how == ESC_TEXT);
		bool text;
		char esc[8];

		if (len > 0) {
			quoted_put_plain(q, (const char *)p, len);
		} else if (*p == '&') {
			/* Text keeps the name as it is, not what an entity in it means. */
			if (entity_like((const char *)p, n))
				quoted_put(q, "&amp;", 5);
			else
				quoted_put(q, "&", 1);
			len = 1;
		} else if (*p == '\\' || *p == '"' || (colon && *p == ':')) {
			esc[0] = '\\';
			esc[1] = (char)*p;
			quoted_put(q, esc, 2);
			len = 1;
		} else if ((len = utf8_char(p, n, "", &text)), text) {
			quoted_put(q, (const char *)p, len);
		} else if (how == ESC_TEXT) {
			quoted_put(q, utf8_replacement, 3);
		} else {
			for (size_t i = 0; i < len; i++) {
				snprintf(esc, sizeof(esc), "\\x%02x", p[i]);
				quoted_put(q, esc, 4);
			}
		}
		p += len;
		n -= len;
	}
}

/* ---- nodes and edges ---- */

/* Whether F's inclusive cost on the graph's event is a bound (F is
 * recursive) beside which its estimate (calc-estimate.h) differs: the
 * label shows both.  An absent bound proves nothing, 0. */
static bool estimate_beside(const struct dot *d, const struct func *f)
{
	return f->recursive && f->estimate != NULL && f->total != NULL &&
	       f->estimate[d->event] != COST_ABSENT &&
	       f->estimate[d->event] != value(f->total, d->event);
}

/* What a node weighs for the threshold, the order and the colour: its
 * inclusive cost, or the larger of its bound and its estimate, so that a
 * function the flame graph shows large is drawn.  In a diff, the change
 * of the inclusive cost. */
static cost_t node_value(const struct dot *d, const struct func *f)
{
	cost_t x = value(f->total, d->event);

	if (!d->diff && estimate_beside(d, f) && f->estimate[d->event] > x)
		return f->estimate[d->event];
	return x;
}

/* "12.34%", or in a diff "+12.34%" and "-12.34%" (a change). */
static void format_share(char *buf, size_t cap, const struct dot *d, cost_t x)
{
	snprintf(buf, cap, d->diff && x != 0 ? "%+.2f%%" : "%.2f%%", share(d, x));
}

/* "N×" with commas ("105,561×"), signed in a diff, where no change is
 * "±0×". */
static void format_count(char *buf, const struct dot *d, cost_t n)
{
	size_t o = 0;

	if (d->diff && n == 0) {
		memcpy(buf, plus_minus, 2);
		o = 2;
	}
	o += d->diff ? numfmt_signed(buf + o, n) : numfmt_grouped(buf + o, n);
	memcpy(buf + o, times, sizeof(times));
}

/* The inclusive share, or for a recursive function whose estimate
 * differs, both, bound first, each marked: "≥ 1.08%  ≈ 56.73%" (in a diff,
 * whose change of bounds bounds nothing, the bound's change unmarked). */
static void format_incl(char *buf, size_t cap, const struct dot *d, const struct func *f)
{
	char bound[64], estimate[64];

	format_share(bound, sizeof(bound), d, value(f->total, d->event));
	if (!estimate_beside(d, f)) {
		snprintf(buf, cap, "%s", bound);
		return;
	}
	format_share(estimate, sizeof(estimate), d, f->estimate[d->event]);
	snprintf(buf, cap, "%s%s  \xe2\x89\x88 %s", d->diff ? "" : "\xe2\x89\xa5 ", bound, estimate);
}

static void put_line(struct quoted *q, const char *s, bool last)
{
	put_escaped(q, s, ESC_TEXT);
	if (!last)
		quoted_put(q, "\\n", 2);
}

/* The object F's code is in ("" if the profile does not say): inlined
 * code is in that of the function it was inlined into. */
static const char *object_of(const struct func *f)
{
	const char *object = func_object(f);

	return object != NULL ? object : "";
}

/* Where F lives: "file [object]", the object by its base name. */
static char *location(const struct func *f)
{
	char *file = utf8_clean(f->key.file->name, ""), *obj, *line;
	char *file_short = name_cut_middle(file, LABEL_MAX), *obj_short;
	const char *object = object_of(f), *slash = strrchr(object, '/');

	if (*object == '\0') {
		free(file);
		return file_short;
	}
	obj = utf8_clean(slash != NULL && slash[1] != '\0' ? slash + 1 : object, "");
	obj_short = name_cut_middle(obj, LABEL_MAX);
	line = xasprintf("%s [%s]", file_short, obj_short);
	free(file);
	free(file_short);
	free(obj);
	free(obj_short);
	return line;
}

/* Name, where, inclusive share, (self share), calls.  Code inlined from
 * another file is no function of its own, though the profile lists it
 * under its host's name: "code inlined into main", "from stl_algo.h
 * [obj]", and no count, since nothing calls it (unless something does). */
static void put_label(FILE *out, const struct dot *d, const struct func *f)
{
	char *name = utf8_clean(f->key.name, ""), *shown = name_shorten(name, LABEL_MAX), *where = location(f);
	char incl[160], self[64], self_paren[68], calls[NUMFMT_COUNT_MAX + 8];
	cost_t called = profile_times_called(d->p, f);
	bool inlined = f->host != NULL, counted = !inlined || called != 0;
	struct quoted q;

	format_incl(incl, sizeof(incl), d, f);
	format_share(self, sizeof(self), d, value(f->self, d->event));
	snprintf(self_paren, sizeof(self_paren), "(%s)", self);
	format_count(calls, d, called);
	quoted_begin(&q, out);
	if (inlined) {
		put_escaped(&q, "code inlined into ", ESC_TEXT);
		put_line(&q, shown, false);
		put_escaped(&q, "from ", ESC_TEXT);
	} else {
		put_line(&q, shown, false);
	}
	if (*where != '\0')   /* a group (--group-by) lives nowhere */
		put_line(&q, where, false);
	put_line(&q, incl, false);
	put_line(&q, self_paren, !counted);
	if (counted)
		put_line(&q, calls, true);
	quoted_end(&q);
	free(name);
	free(shown);
	free(where);
}

/* F's full name, quoted: as its id, "file:function" (see put_escaped), or
 * (ID false) as text for the tooltip that SVG viewers show on hover,
 * "file:function [object]". */
static void put_name(FILE *out, const struct func *f, bool id)
{
	struct quoted q;

	quoted_begin(&q, out);
	/* A group (--group-by) has a name and no file. */
	if (*f->key.file->name != '\0' || f->fullname != f->key.name) {
		put_escaped(&q, f->key.file->name, id ? ESC_ID_FILE : ESC_TEXT);
		quoted_put(&q, ":", 1);
	}
	put_escaped(&q, f->key.name, id ? ESC_ID : ESC_TEXT);
	if (!id && *object_of(f) != '\0') {
		quoted_put(&q, " [", 2);
		put_escaped(&q, object_of(f), ESC_TEXT);
		quoted_put(&q, "]", 1);
	}
	quoted_end(&q);
}

static void put_node(const struct dot *d, const struct func *f)
{
	char color[COLOR_HEX_MAX];

	share_color(d, share(d, node_value(d, f)), color);
	fputc('\t', d->out);
	put_name(d->out, f, true);
	fprintf(d->out, " [color=\"%s\", label=", color);
	put_label(d->out, d, f);
	if (d->tooltips) {
		fputs(", tooltip=", d->out);
		put_name(d->out, f, false);
	}
	fputs("];\n", d->out);
}

/* A call inside a cycle of calls counts the nested calls again at each
 * level: its cost is no share of anything, so it shows only its count and
 * takes its colour from the callee. */
static bool in_cycle(const struct edge *e)
{
	return e->key.caller->recursive && e->key.caller->scc == e->key.callee->scc;
}

static const struct func *host_of(const struct func *f)
{
	return f->host != NULL ? f->host : f;
}

/* Whether call E is inside a cycle with an estimate of its own: its
 * share of the stacks (calc-estimate.h), which its recorded cost is not.
 * A function's call to itself has none (a function is at most once on a
 * stack): it shows its count, as where there are no estimates. */
static bool estimated_call(const struct dot *d, const struct edge *e)
{
	return in_cycle(e) && d->p->call_estimates != NULL &&
	       host_of(e->key.caller) != host_of(e->key.callee);
}

static void put_edge(const struct dot *d, const struct edge *e)
{
	cost_t x = edge_value(d, e);
	bool cycle = in_cycle(e), estimated = estimated_call(d, e);
	cost_t est = estimated ? call_estimate_of(d->p->call_estimates, e) : 0;
	double s = share(d, estimated ? est : cycle ? node_value(d, e->key.callee) : x);
	double pen = fmax(4.0 * weight(s), 0.5);
	char color[COLOR_HEX_MAX], pct[64], marked[72], calls[NUMFMT_COUNT_MAX + 8];
	struct quoted q;

	share_color(d, s, color);
	format_share(pct, sizeof(pct), d, estimated ? est : x);
	snprintf(marked, sizeof(marked), "\xe2\x89\x88 %s", pct);
	format_count(calls, d, edge_count(d->p, e));
	fputc('\t', d->out);
	put_name(d->out, e->key.caller, true);
	fputs(" -> ", d->out);
	put_name(d->out, e->key.callee, true);
	fprintf(d->out, " [arrowsize=\"%.2f\", color=\"%s\", fontcolor=\"%s\", label=",
		0.5 * sqrt(pen), color, color);
	quoted_begin(&q, d->out);
	if (!cycle || estimated)
		put_line(&q, estimated ? marked : pct, false);
	put_line(&q, calls, true);
	quoted_end(&q);
	fprintf(d->out, ", penwidth=\"%.2f\"];\n", pen);
}

static bool edge_kept(const struct dot *d, const struct edge *e, double edge_thres)
{
	if (d->rank[e->key.caller->index] == 0 || d->rank[e->key.callee->index] == 0)
		return false;
	if (estimated_call(d, e))
		return fabs(share(d, call_estimate_of(d->p->call_estimates, e))) >= edge_thres;
	return in_cycle(e) || fabs(share(d, edge_value(d, e))) >= edge_thres;
}

/* Code inlined from another file is a function of the model (a row of the
 * table) that nobody calls: a dashed edge from the function it was inlined
 * into shows where it belongs. */
static void put_inlined(const struct dot *d, const struct func *f)
{
	double s = share(d, value(f->total, d->event));
	double pen = fmax(4.0 * weight(s), 0.5);
	char color[COLOR_HEX_MAX];

	share_color(d, s, color);
	fputc('\t', d->out);
	put_name(d->out, f->host, true);
	fputs(" -> ", d->out);
	put_name(d->out, f, true);
	fprintf(d->out, " [arrowsize=\"%.2f\", color=\"%s\", fontcolor=\"%s\", label=\"inlined\","
		" penwidth=\"%.2f\", style=dashed];\n", 0.5 * sqrt(pen), color, color, pen);
}

/* Each cycle of calls with drawn members: a box around them, labelled
 * with the cycle's name and inclusive share. */
static void put_clusters(const struct dot *d)
{
	const struct profile *p = d->p;

	for (size_t k = 0; k < p->ncycles; k++) {
		const struct cycle *c = &p->cycles[k];
		char incl[64];
		bool any = false;

		for (size_t m = 0; m < c->nmembers && !any; m++)
			any = d->rank[c->members[m]->index] != 0;
		if (!any)
			continue;
		format_share(incl, sizeof(incl), d, value(c->inclusive, d->event));
		fprintf(d->out, "\tsubgraph \"cluster_cycle_%zu\" {\n"
			"\t\tgraph [color=\"#808080\", fontcolor=\"#404040\","
			" label=\"<cycle %zu>\\n%s\", style=\"dashed,rounded\"];\n", c->id, c->id, incl);
		for (size_t m = 0; m < c->nmembers; m++) {
			if (d->rank[c->members[m]->index] == 0)
				continue;
			fputs("\t\t", d->out);
			put_name(d->out, c->members[m], true);
			fputs(";\n", d->out);
		}
		fputs("\t}\n", d->out);
	}
}

/* An edge to write: a call, or (EDGE NULL) code inlined into a node. */
struct link {
	size_t from, to;           /* ranks */
	const struct edge *edge;
	const struct func *inlined;
};

static int link_cmp(const void *a, const void *b)
{
	const struct link *x = a, *y = b;

	if (x->from != y->from)
		return (x->from > y->from) - (x->from < y->from);
	if (x->to != y->to)
		return (x->to > y->to) - (x->to < y->to);
	return (x->edge == NULL) - (y->edge == NULL);
}

/* The edges between kept nodes, in the order of their callers, then of
 * their callees. */
static void put_edges(const struct dot *d, double edge_thres)
{
	struct link *links = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < d->nnodes; i++) {
		const struct func *f = d->nodes[i];

		for (const struct edge *e = f->out; e; e = e->next_out) {
			if (!edge_kept(d, e, edge_thres))
				continue;
			xgrow(&links, &cap, n + 1, sizeof(*links));
			links[n++] = (struct link){ i + 1, d->rank[e->key.callee->index], e, NULL };
		}
		if (f->host != NULL && d->rank[f->host->index] != 0) {
			xgrow(&links, &cap, n + 1, sizeof(*links));
			links[n++] = (struct link){ d->rank[f->host->index], i + 1, NULL, f };
		}
	}
	if (n > 1)
		qsort(links, n, sizeof(*links), link_cmp);
	for (size_t k = 0; k < n; k++) {
		if (links[k].edge != NULL)
			put_edge(d, links[k].edge);
		else
			put_inlined(d, links[k].inlined);
	}
	free(links);
}

/* Largest first (in a diff, the largest change either way), then by name:
 * the order never depends on the order of the input. */
static int node_cmp(const void *a, const void *b, void *arg)
{
	const struct dot *d = arg;
	const struct func *f = *(const struct func *const *)a;
	const struct func *g = *(const struct func *const *)b;
	cost_t x = node_value(d, f), y = node_value(d, g);
	int c;

	if (d->diff) {
		x = x < 0 ? -x : x;
		y = y < 0 ? -y : y;
	}
	if (x != y)
		return x > y ? -1 : 1;
	if ((c = strcmp(f->fullname, g->fullname)) != 0)
		return c;
	/* "a:b" + "c" and "a" + "b:c" print alike. */
	if ((c = strcmp(f->key.file->name, g->key.file->name)) != 0)
		return c;
	return strcmp(f->key.name, g->key.name);
}

static void choose_nodes(struct dot *d, const struct profile *p, const struct table *t,
			 double node_thres, size_t max_nodes)
{
	d->nodes = xmalloc((t->nrows ? t->nrows : 1) * sizeof(*d->nodes));
	d->nnodes = 0;
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i]->whole == NULL &&
		    fabs(share(d, node_value(d, t->rows[i]))) >= node_thres)
			d->nodes[d->nnodes++] = t->rows[i];
	qsort_r(d->nodes, d->nnodes, sizeof(*d->nodes), node_cmp, d);
	d->nreached = d->nnodes;
	if (max_nodes != 0 && d->nnodes > max_nodes)
		d->nnodes = max_nodes;
	d->rank = xcalloc(p->nfuncs ? p->nfuncs : 1, sizeof(*d->rank));
	for (size_t i = 0; i < d->nnodes; i++)
		d->rank[d->nodes[i]->index] = i + 1;
}

/* What the graph shows, for whoever reads the DOT text. */
static void put_comment(const struct dot *d, const struct profile *p,
			const struct options *opt)
{
	char *event = utf8_clean(p->events[d->event].name, "");
	char total[NUMFMT_COUNT_MAX];

	numfmt_grouped(total, d->total);
	fprintf(d->out, "// cgannotate call graph of %s%s; shares of %s %s;"
		" nodes of at least %g%%", event,
		profile_is_diff(p) ? ", NEW minus OLD" : d->diff ? ", changes" : "",
		profile_is_diff(p) ? "OLD's total" : "the total", total, opt->node_thres);
	if (d->nnodes < d->nreached)
		fprintf(d->out, " (the %zu largest of %zu)", d->nnodes, d->nreached);
	fprintf(d->out, ", calls of at least %g%%", opt->edge_thres);
	if (p->focused) {
		fputs("; focused on", d->out);
		for (size_t i = 0; i < opt->nfocus; i++) {
			char *re = utf8_clean(opt->focus[i], "");

			fprintf(d->out, " '%s'", re);
			free(re);
		}
		fputs(" (costs while a match is on the stack, estimated)", d->out);
	}
	fputc('\n', d->out);
	free(event);
}

/* The warnings about the input, as comments for whoever reads the DOT
 * text. */
static void put_warning_comments(const struct dot *d, const struct warnings *w)
{
	char *more = warnings_more(w);

	for (size_t i = 0; i < w->n; i++)
		fprintf(d->out, "// warning: %s\n", w->text[i]);
	if (more != NULL)
		fprintf(d->out, "// warning: %s\n", more);
	free(more);
}

/* TEXT as lines of at most WARNING_WIDTH characters broken at spaces (a
 * word longer than that alone on its line), each ended by "\l", which
 * DOT draws flush left; lines after the first indented. */
#define WARNING_WIDTH 100
static void put_wrapped(struct quoted *q, const char *text)
{
	const char *s = text;

	while (*s != '\0') {
		const char *end = s, *brk = NULL;
		size_t n = 0;
		char *line;

		for (; *end != '\0' && (n < WARNING_WIDTH || brk == NULL); end++) {
			if (*end == ' ' && n <= WARNING_WIDTH)
				brk = end;
			n += ((unsigned char)*end & 0xc0) != 0x80;
		}
		if (*end != '\0' && brk != NULL)
			end = brk;
		line = xasprintf("%s%.*s", s == text ? "" : "  ", (int)(end - s), s);
		put_escaped(q, line, ESC_TEXT);
		quoted_put(q, "\\l", 2);
		free(line);
		s = *end == ' ' ? end + 1 : end;
	}
}

/* The same as a label above the graph, for whoever looks at it. */
static void put_warning_label(const struct dot *d, const struct warnings *w)
{
	char *more = warnings_more(w);
	struct quoted q;

	if (w->n == 0)
		return;
	fputs("\tgraph [fontcolor=\"#b00000\", label=", d->out);
	quoted_begin(&q, d->out);
	for (size_t i = 0; i <= w->n; i++) {
		const char *text = i < w->n ? w->text[i] : more;
		char *line;

		if (text == NULL)
			continue;
		line = xasprintf("warning: %s", text);
		put_wrapped(&q, line);
		free(line);
	}
	quoted_end(&q);
	fputs(", labeljust=l, labelloc=t];\n", d->out);
	free(more);
}

void report_dot(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c, const struct table *t, struct dot_page *page)
{
	struct dot d = { .p = p, .out = out, .event = c->primary, .diff = t->diff,
			 .tooltips = page == NULL };

	d.total = value(t->base, d.event);
	choose_nodes(&d, p, t, opt->node_thres, page != NULL ? page->max_nodes : 0);
	if (page != NULL) {
		page->reached = d.nreached;
		page->drawn = d.nnodes;
	}
	put_comment(&d, p, opt);
	put_warning_comments(&d, &p->warnings);
	fputs("digraph {\n"
	      "\tgraph [fontname=Arial, nodesep=0.125, ranksep=0.25];\n", out);
	put_warning_label(&d, &p->warnings);
	fputs("\tnode [fontcolor=white, fontname=Arial, fontsize=10, height=0, shape=box,"
	      " style=filled, width=0];\n"
	      "\tedge [fontname=Arial, fontsize=10];\n", out);
	for (size_t i = 0; i < d.nnodes; i++)
		put_node(&d, d.nodes[i]);
	put_clusters(&d);
	put_edges(&d, opt->edge_thres);
	fputs("}\n", out);
	free(d.nodes);
	free(d.rank);
}
