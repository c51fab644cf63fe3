#include "read-aprof.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model-cost.h"
#include "diag.h"

/* More fields than any version writes (2 + 12 + 6), so that a line with
 * extra fields is seen as such. */
#define MAX_FIELDS 24

struct field {
	const char *s;
	size_t len;
};

/* A p or q line kept until the whole report is read: aprof writes the x
 * lines that give contexts their routines after the q lines. */
struct pending {
	struct aprof_point pt;
	uint64_t id;
	size_t line;
	bool ctx;
	struct aprof_routine *routine;   /* set when attributed */
};

struct reader {
	struct aprof *a;
	size_t line;
	struct pending *pend;
	size_t npend, cappend;
	size_t caproutines, capcontexts, capcomments;
	bool seen_points;
};

/* Report a malformed line and count it as skipped. */
static void skip_line(struct aprof *a, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void skip_line(struct aprof *a, size_t line, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	warn("%s:%zu: %s; line skipped", a->path, line, msg);
	a->skipped++;
}

static struct aprof_context *find_context(const struct aprof *a, uint64_t id)
{
	struct aprof_context *c;

	HASH_FIND(hh, a->ctx_by_id, &id, sizeof(id), c);
	return c;
}

/* The blank-separated fields of S, at most CAP of them into F: a line with
 * more gives CAP, which callers expecting fewer take as too many. */
static size_t split_fields(const char *s, size_t len, struct field *f, size_t cap)
{
	size_t n = 0, i = 0;

	while (i < len && n < cap) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len)
			break;
		f[n].s = s + i;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
		f[n].len = (size_t)(s + i - f[n].s);
		n++;
	}
	return n;
}

static bool parse_u64(const struct field *f, uint64_t *v)
{
	uint64_t x = 0;

	if (f->len == 0)
		return false;
	for (size_t i = 0; i < f->len; i++) {
		unsigned d = (unsigned)(unsigned char)f->s[i] - '0';

		if (d > 9 || __builtin_mul_overflow(x, 10, &x) || __builtin_add_overflow(x, d, &x))
			return false;
	}
	*v = x;
	return true;
}

/* Report F, a field parse_u64 refused, and skip the line: digits too many
 * for 64 bits, or not a number at all (a sign, a letter). */
static void skip_bad_number(struct aprof *a, size_t line, const struct field *f)
{
	bool digits = f->len > 0;

	for (size_t i = 0; i < f->len; i++)
		digits &= f->s[i] >= '0' && f->s[i] <= '9';
	if (digits)
		skip_line(a, line, "number %.*s is larger than %llu", (int)f->len, f->s,
			  (unsigned long long)UINT64_MAX);
	else
		skip_line(a, line, "bad number '%.*s'", (int)f->len, f->s);
}

/* Sums of squares: digits, maybe written in floating point by some aprof
 * versions; they can exceed 64 bits. */
static bool parse_square(const struct field *f, double *v)
{
	char buf[64];
	char *end;

	if (f->len == 0 || f->len >= sizeof(buf) || f->s[0] < '0' || f->s[0] > '9')
		return false;
	memcpy(buf, f->s, f->len);
	buf[f->len] = '\0';
	*v = strtod(buf, &end);
	return *end == '\0' && *v >= 0 && *v <= 1.7e308;
}

/* The text after the tag and its blank, without trailing blanks. */
static const char *rest_of_line(struct aprof *a, const char *s, size_t len, size_t taglen)
{
	size_t i = taglen;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (len > i && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	return arena_strndup(&a->arena, s + i, len - i);
}

/* The point layout of VERSION: sqr-sum only when version < 2 or > 3;
 * real-sum and self-sum from 2; self-min and self-max from 3; self-sqr
 * from 4.  Returns the number of fields after the id and rms. */
static size_t point_fields(unsigned long version, unsigned *have)
{
	size_t n = 4;   /* min max sum occ */

	*have = 0;
	if (version < 2 || version > 3) {
		*have |= APROF_SQR;
		n++;
	}
	if (version >= 2) {
		*have |= APROF_SELF;
		n += 2;
	}
	if (version >= 3) {
		*have |= APROF_SELF_MINMAX;
		n += 2;
	}
	if (version >= 4) {
		*have |= APROF_SELF_SQR;
		n++;
	}
	return n;
}

static void read_point(struct reader *rd, const struct field *f, size_t nf, bool ctx)
{
	struct aprof *a = rd->a;
	struct aprof_point pt;
	size_t want, k = 3;
	uint64_t id;
	const struct field *bad = NULL, *bad_square = NULL;

	memset(&pt, 0, sizeof(pt));
	want = point_fields(a->version, &pt.have);
	if (nf == 3 + want + 6 && a->version >= 5) {
		pt.have |= APROF_EXTRA;
	} else if (nf != 3 + want) {
		skip_line(a, rd->line, "%s fields: %zu where version %lu has %zu%s",
			  nf < 3 + want ? "too few" : "too many", nf, a->version, 3 + want,
			  a->version >= 5 ? " (or 6 more, with the drms extras)" : "");
		return;
	}
	if (!parse_u64(&f[1], &id))
		bad = &f[1];
	else if (!parse_u64(&f[2], &pt.rms))
		bad = &f[2];
	else if (!parse_u64(&f[k++], &pt.min) || !parse_u64(&f[k++], &pt.max) ||
		 !parse_u64(&f[k++], &pt.sum))
		bad = &f[k - 1];
	else if ((pt.have & APROF_SQR) && !parse_square(&f[k++], &pt.sqr_sum))
		bad_square = &f[k - 1];
	else if (!parse_u64(&f[k++], &pt.occ))
		bad = &f[k - 1];
	else if ((pt.have & APROF_SELF) &&
		 (!parse_u64(&f[k++], &pt.real_sum) || !parse_u64(&f[k++], &pt.self_sum)))
		bad = &f[k - 1];
	else if ((pt.have & APROF_SELF_MINMAX) &&
		 (!parse_u64(&f[k++], &pt.self_min) || !parse_u64(&f[k++], &pt.self_max)))
		bad = &f[k - 1];
	else if ((pt.have & APROF_SELF_SQR) && !parse_square(&f[k++], &pt.self_sqr))
		bad_square = &f[k - 1];
	if (bad_square != NULL) {
		skip_line(a, rd->line, "bad number '%.*s'", (int)bad_square->len, bad_square->s);
		return;
	}
	if (bad == NULL && (pt.have & APROF_EXTRA)) {
		k += 2;   /* deprecated, always 0 */
		for (int i = 0; i < APROF_NEXTRA && bad == NULL; i++)
			if (!parse_u64(&f[k++], &pt.extra[i]))
				bad = &f[k - 1];
	}
	if (bad != NULL) {
		skip_bad_number(a, rd->line, bad);
		return;
	}
	xgrow(&rd->pend, &rd->cappend, rd->npend + 1, sizeof(*rd->pend));
	rd->pend[rd->npend++] = (struct pending){ .pt = pt, .id = id, .line = rd->line, .ctx = ctx };
	rd->seen_points = true;
}

/* A quoted string ending at END (exclusive, on the closing quote) or, for
 * old unquoted reports, a single word. */
static const char *unquote(struct aprof *a, const char *s, size_t len)
{
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"')
		return arena_strndup(&a->arena, s + 1, len - 2);
	return arena_strndup(&a->arena, s, len);
}

/* Trim blanks around S[0..*LEN) in place. */
static const char *trim(const char *s, size_t *len)
{
	while (*len > 0 && (s[0] == ' ' || s[0] == '\t'))
		s++, (*len)--;
	while (*len > 0 && (s[*len - 1] == ' ' || s[*len - 1] == '\t'))
		(*len)--;
	return s;
}

/* The id that ends S[0..*LEN); *LEN becomes the length before it. */
static bool trailing_id(const char *s, size_t *len, uint64_t *id)
{
	size_t end = *len, start = end;
	struct field f;

	while (start > 0 && s[start - 1] != ' ' && s[start - 1] != '\t')
		start--;
	f.s = s + start;
	f.len = end - start;
	*len = start;
	return parse_u64(&f, id);
}

static struct aprof_routine *new_routine(struct reader *rd, uint64_t id)
{
	struct aprof *a = rd->a;
	struct aprof_routine *r = xcalloc(1, sizeof(*r));

	r->id = id;
	r->index = a->nroutines;
	xgrow(&a->routines, &rd->caproutines, a->nroutines + 1, sizeof(*a->routines));
	a->routines[a->nroutines++] = r;
	HASH_ADD(hh, a->by_id, id, sizeof(r->id), r);
	return r;
}

/* r "routine-name" "image-name" id.  Names may hold blanks and quotes; the
 * image is a path, so the last '" "' separates the two. */
static void read_routine(struct reader *rd, const char *s, size_t len)
{
	struct aprof *a = rd->a;
	const char *body;
	size_t n = len - 1;
	uint64_t id;
	struct aprof_routine *r;
	const char *name, *image;

	body = trim(s + 1, &n);
	if (!trailing_id(body, &n, &id)) {
		skip_line(a, rd->line, "routine line without a numeric id");
		return;
	}
	body = trim(body, &n);
	if (n >= 2 && body[0] == '"' && body[n - 1] == '"') {
		const char *sep = NULL;

		for (size_t i = n - 1; i-- > 1;)
			/* The separator, then at least the image's closing quote. */
			if (i + 4 <= n && memcmp(body + i, "\" \"", 3) == 0) {
				sep = body + i;
				break;
			}
		if (sep == NULL) {
			skip_line(a, rd->line, "routine line without a quoted name and image");
			return;
		}
		name = arena_strndup(&a->arena, body + 1, (size_t)(sep - body - 1));
		image = arena_strndup(&a->arena, sep + 3, (size_t)(body + n - 1 - (sep + 3)));
	} else {
		struct field f[3];

		if (split_fields(body, n, f, 3) != 2) {
			skip_line(a, rd->line, "routine line without a name and an image");
			return;
		}
		name = unquote(a, f[0].s, f[0].len);
		image = unquote(a, f[1].s, f[1].len);
	}
	if (aprof_find(a, id) != NULL) {
		skip_line(a, rd->line, "routine id %llu defined twice", (unsigned long long)id);
		return;
	}
	r = new_routine(rd, id);
	r->name = name;
	r->image = image;
}

/* u id "mangled" and d id "full demangled": only for known routines. */
static void read_alias(struct reader *rd, const char *s, size_t len, bool mangled)
{
	struct aprof *a = rd->a;
	struct field id_field;
	size_t i = 1, n;
	uint64_t id;
	struct aprof_routine *r;
	const char *text;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	id_field.s = s + i;
	while (i < len && s[i] != ' ' && s[i] != '\t')
		i++;
	id_field.len = (size_t)(s + i - id_field.s);
	n = len - i;
	text = trim(s + i, &n);
	if (!parse_u64(&id_field, &id)) {
		skip_line(a, rd->line, "bad routine id '%.*s'", (int)id_field.len, id_field.s);
		return;
	}
	if (n == 0) {
		skip_line(a, rd->line, "too few fields");
		return;
	}
	r = aprof_find(a, id);
	if (r == NULL) {
		skip_line(a, rd->line, "unknown routine id %llu", (unsigned long long)id);
		return;
	}
	if (mangled)
		r->mangled = unquote(a, text, n);
	else
		r->full = unquote(a, text, n);
}

/* x routine-id context-id parent-id; resolved once everything is read. */
static void read_context(struct reader *rd, const struct field *f, size_t nf)
{
	struct aprof *a = rd->a;
	uint64_t rid, cid, pid = 0;
	bool root;
	struct aprof_context *c;

	if (nf != 4) {
		skip_line(a, rd->line, "%s fields for a context line (x routine context parent)",
			  nf < 4 ? "too few" : "too many");
		return;
	}
	root = f[3].len == 2 && memcmp(f[3].s, "-1", 2) == 0;
	if (!parse_u64(&f[1], &rid) || !parse_u64(&f[2], &cid) || (!root && !parse_u64(&f[3], &pid))) {
		const struct field *bad = !parse_u64(&f[1], &rid) ? &f[1] :
					  !parse_u64(&f[2], &cid) ? &f[2] : &f[3];

		skip_bad_number(a, rd->line, bad);
		return;
	}
	if (find_context(a, cid) != NULL) {
		skip_line(a, rd->line, "context %llu defined twice", (unsigned long long)cid);
		return;
	}
	c = xcalloc(1, sizeof(*c));
	c->id = cid;
	c->routine_id = rid;
	c->parent_id = pid;
	c->root = root;
	c->line = rd->line;
	xgrow(&a->contexts, &rd->capcontexts, a->ncontexts + 1, sizeof(*a->contexts));
	a->contexts[a->ncontexts++] = c;
	HASH_ADD(hh, a->ctx_by_id, id, sizeof(c->id), c);
}

/* The number of a v or k line into *V, or false when the line is skipped. */
static bool read_header_number(struct reader *rd, const struct field *f, size_t nf,
			       const char *what, uint64_t *v)
{
	if (nf != 2) {
		skip_line(rd->a, rd->line, "%s fields for the %s", nf < 2 ? "too few" : "too many", what);
		return false;
	}
	if (!parse_u64(&f[1], v)) {
		skip_bad_number(rd->a, rd->line, &f[1]);
		return false;
	}
	return true;
}

static void read_line(struct reader *rd, const char *s, size_t len)
{
	struct aprof *a = rd->a;
	struct field f[MAX_FIELDS];
	size_t nf = split_fields(s, len, f, MAX_FIELDS);
	uint64_t v;

	if (nf == 0)
		return;
	/* Names are C strings from here on: a NUL would cut one short. */
	if (memchr(s, '\0', len) != NULL) {
		skip_line(a, rd->line, "NUL byte in the line");
		return;
	}
	if (f[0].len == 3 && memcmp(f[0].s, "fav", 3) == 0)
		return;   /* aprof-plot's favourites */
	if (f[0].len != 1) {
		skip_line(a, rd->line, "unknown tag '%.*s'", (int)f[0].len, f[0].s);
		return;
	}
	switch (f[0].s[0]) {
	case 'v':
		if (!read_header_number(rd, f, nf, "version", &v))
			break;
		if (v > INT64_MAX) {
			skip_line(a, rd->line, "version %llu is larger than %lld", (unsigned long long)v,
				  (long long)INT64_MAX);
			break;
		}
		if (v != a->version && rd->seen_points)
			warn("%s:%zu: version line after points; points already read keep version %lu",
			     a->path, rd->line, a->version);
		a->version = (unsigned long)v;
		break;
	case 'k':
		if (!read_header_number(rd, f, nf, "total cost", &v))
			break;
		a->total = v;
		a->has_total = true;
		break;
	case 'e':
		a->mtime = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 't':
		a->t = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 'c':
		xgrow(&a->comments, &rd->capcomments, a->ncomments + 1, sizeof(*a->comments));
		a->comments[a->ncomments++] = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 'f':
		a->command = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 'a':
		a->application = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 'm':
		a->cost_metric = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 'i':
		a->input_metric = rest_of_line(a, s, len, (size_t)(f[0].s - s) + 1);
		break;
	case 'r':
		read_routine(rd, f[0].s, len - (size_t)(f[0].s - s));
		break;
	case 'u':
	case 'd':
		read_alias(rd, f[0].s, len - (size_t)(f[0].s - s), f[0].s[0] == 'u');
		break;
	case 'p':
	case 'q':
		read_point(rd, f, nf, f[0].s[0] == 'q');
		break;
	case 'x':
		read_context(rd, f, nf);
		break;
	default:
		skip_line(a, rd->line, "unknown tag '%c'", f[0].s[0]);
		break;
	}
}

/* Give each context its routine and parent.  A context of an unknown
 * routine is dropped (its q lines then name an unknown context); one with
 * an unknown parent becomes a root. */
static void resolve_contexts(struct aprof *a)
{
	size_t kept = 0;

	for (size_t i = 0; i < a->ncontexts; i++) {
		struct aprof_context *c = a->contexts[i];

		c->routine = aprof_find(a, c->routine_id);
		if (c->routine == NULL) {
			skip_line(a, c->line, "unknown routine id %llu",
				  (unsigned long long)c->routine_id);
			HASH_DELETE(hh, a->ctx_by_id, c);
			free(c);
			continue;
		}
		a->contexts[kept++] = c;
	}
	a->ncontexts = kept;
	for (size_t i = 0; i < a->ncontexts; i++) {
		struct aprof_context *c = a->contexts[i];

		if (c->root)
			continue;
		c->parent = find_context(a, c->parent_id);
		if (c->parent == NULL)
			warn("%s:%zu: unknown parent context %llu; context %llu taken as a root",
			     a->path, c->line, (unsigned long long)c->parent_id,
			     (unsigned long long)c->id);
	}
}

/* *DST += V, or false (*DST then unspecified) when the sum exceeds 2^64-1:
 * aprof's costs are unsigned 64-bit, and so must their sums be. */
static bool add_u64(uint64_t *dst, uint64_t v)
{
	return !__builtin_add_overflow(*dst, v, dst);
}

/* Attribute each pending point to its routine (through its context for q
 * lines) and add q lines to their context's totals. */
static void attribute_points(struct reader *rd)
{
	struct aprof *a = rd->a;

	for (size_t i = 0; i < rd->npend; i++) {
		struct pending *p = &rd->pend[i];

		if (p->ctx) {
			struct aprof_context *c = find_context(a, p->id);

			if (c == NULL) {
				skip_line(a, p->line, "unknown context %llu", (unsigned long long)p->id);
				continue;
			}
			p->routine = c->routine;
			if (!add_u64(&c->cumulative, p->pt.sum))
				die_at(a->path, p->line, "the costs of context %llu add up to more "
				       "than 64 bits can hold", (unsigned long long)c->id);
			if (!add_u64(&c->calls, p->pt.occ))
				die_at(a->path, p->line, "the calls of context %llu add up to more "
				       "than 64 bits can hold", (unsigned long long)c->id);
		} else {
			p->routine = aprof_find(a, p->id);
			if (p->routine == NULL) {
				skip_line(a, p->line, "unknown routine id %llu", (unsigned long long)p->id);
				continue;
			}
			p->routine->has_p = true;
		}
	}
}

static int pending_cmp(const void *x, const void *y)
{
	const struct pending *p = x, *q = y;

	if (p->routine->index != q->routine->index)
		return p->routine->index < q->routine->index ? -1 : 1;
	if (p->pt.rms != q->pt.rms)
		return p->pt.rms < q->pt.rms ? -1 : 1;
	return (p->line > q->line) - (p->line < q->line);
}

/* Merge S, read from line LINE, into D, a point of R at the same input size. */
static void merge_point(struct aprof_point *d, const struct aprof_point *s,
			const struct aprof *a, const struct aprof_routine *r, size_t line)
{
	static const char *const extra_names[APROF_NEXTRA] = {
		"syscall-input", "thread-input", "self-syscall-input", "self-thread-input",
	};
	const char *field = NULL;

	if (s->min < d->min)
		d->min = s->min;
	if (s->max > d->max)
		d->max = s->max;
	if (!add_u64(&d->sum, s->sum))
		field = "sum";
	else if (!add_u64(&d->occ, s->occ))
		field = "occ";
	else if (!add_u64(&d->real_sum, s->real_sum))
		field = "real-sum";
	else if (!add_u64(&d->self_sum, s->self_sum))
		field = "self-sum";
	for (int i = 0; i < APROF_NEXTRA && field == NULL; i++)
		if (!add_u64(&d->extra[i], s->extra[i]))
			field = extra_names[i];
	if (field != NULL)
		die_at(a->path, line, "the %s fields of routine %llu at rms %llu add up to more "
		       "than 64 bits can hold", field, (unsigned long long)r->id,
		       (unsigned long long)s->rms);
	if (s->self_min < d->self_min)
		d->self_min = s->self_min;
	if (s->self_max > d->self_max)
		d->self_max = s->self_max;
	d->sqr_sum += s->sqr_sum;
	d->self_sqr += s->self_sqr;
	d->have &= s->have;
}

/* Each routine's points: its p lines if it has any, else its contexts' q
 * lines (a report with both would otherwise count them twice), merged by
 * input size. */
static void collect_points(struct reader *rd)
{
	struct aprof *a = rd->a;
	size_t kept = 0;

	for (size_t i = 0; i < rd->npend; i++) {
		struct pending *p = &rd->pend[i];

		if (p->routine != NULL && (!p->ctx || !p->routine->has_p))
			rd->pend[kept++] = *p;
	}
	if (kept > 1)
		qsort(rd->pend, kept, sizeof(*rd->pend), pending_cmp);
	for (size_t i = 0; i < kept;) {
		struct aprof_routine *r = rd->pend[i].routine;
		size_t j = i, n = 0;

		while (j < kept && rd->pend[j].routine == r)
			j++;
		r->points = xcalloc(j - i, sizeof(*r->points));
		for (; i < j; i++) {
			const struct aprof_point *pt = &rd->pend[i].pt;

			if (n > 0 && r->points[n - 1].rms == pt->rms)
				merge_point(&r->points[n - 1], pt, a, r, rd->pend[i].line);
			else
				r->points[n++] = *pt;
		}
		r->npoints = n;
	}
}

static void compute_totals(struct aprof *a)
{
	/* Sums of at most 2^64 values below 2^64: 128 bits hold them. */
	cost_t self = 0, cumulative = 0, total;

	for (size_t i = 0; i < a->nroutines; i++) {
		struct aprof_routine *r = a->routines[i];
		const char *what = NULL;

		r->has_self = a->has_self;
		for (size_t k = 0; k < r->npoints && what == NULL; k++) {
			const struct aprof_point *p = &r->points[k];

			if (!add_u64(&r->self, p->self_sum))
				what = "self costs";
			else if (!add_u64(&r->cumulative, p->sum))
				what = "cumulative costs";
			else if (!add_u64(&r->calls, p->occ))
				what = "calls";
			if (!(p->have & APROF_SELF))
				r->has_self = false;
		}
		if (what != NULL)
			die(EXIT_INPUT, "%s: the %s of routine %llu add up to more than 64 bits can hold",
			    a->path, what, (unsigned long long)r->id);
		if (r->npoints > 0)
			r->max_rms = r->points[r->npoints - 1].rms;
		r->has_fit = aprof_fit_points(r->points, r->npoints, &r->fit);
		self += r->self;
		cumulative += r->cumulative;
	}
	if (a->has_total)
		return;
	/* Without a k line, the total is a sum that must fit as k would. */
	total = a->has_self ? self : cumulative;
	if (total > COST_MAX)
		die(EXIT_INPUT, "%s: the %s costs of all routines, the total cost of a report "
		    "without a k line, add up to more than 64 bits can hold", a->path,
		    a->has_self ? "self" : "cumulative");
	a->total = (uint64_t)total;
}

static int context_cmp(const void *x, const void *y)
{
	const struct aprof_context *c = *(const struct aprof_context *const *)x;
	const struct aprof_context *d = *(const struct aprof_context *const *)y;

	if (c->cumulative != d->cumulative)
		return c->cumulative > d->cumulative ? -1 : 1;
	return (c->id > d->id) - (c->id < d->id);
}

/* Link children under their parents, most expensive first, and mark what
 * hangs from a root; contexts whose parents form a cycle stay out. */
static void build_tree(struct aprof *a)
{
	struct aprof_context **sorted, **stack;
	size_t n = a->ncontexts, top = 0, out = 0;

	if (n == 0)
		return;
	sorted = xcalloc(n, sizeof(*sorted));
	memcpy(sorted, a->contexts, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), context_cmp);
	/* Prepending in reverse order leaves each list in sorted order. */
	for (size_t i = n; i-- > 0;) {
		struct aprof_context *c = sorted[i];
		struct aprof_context **head = c->parent ? &c->parent->children : &a->roots;

		c->next = *head;
		*head = c;
	}
	free(sorted);
	stack = xcalloc(n, sizeof(*stack));
	for (struct aprof_context *c = a->roots; c; c = c->next)
		stack[top++] = c;
	while (top > 0) {
		struct aprof_context *c = stack[--top];

		c->in_tree = true;
		for (struct aprof_context *k = c->children; k; k = k->next)
			stack[top++] = k;
	}
	free(stack);
	for (size_t i = 0; i < n; i++)
		out += !a->contexts[i]->in_tree;
	if (out > 0)
		warn("%s: %zu context%s in a cycle of parents, left out of the tree", a->path, out,
		     out == 1 ? " is" : "s are");
}

void aprof_read(struct aprof *a, struct input *in)
{
	struct reader rd = { .a = a };
	const char *line;
	size_t len;

	while (input_line(in, &line, &len)) {
		rd.line = in->lineno;
		read_line(&rd, line, len);
	}
	a->has_self = a->version >= 2;
	resolve_contexts(a);
	attribute_points(&rd);
	collect_points(&rd);
	free(rd.pend);
	compute_totals(a);
	build_tree(a);
}
