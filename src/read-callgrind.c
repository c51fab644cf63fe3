#include "read-callgrind.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-num.h"
#include "read-ahead.h"
#include "read-input.h"
#include "read-number.h"
#include "xalloc.h"

/* Compression ids ("(id) name") map to what the name stands for: a file
 * record, or an interned function or object name; one map per kind of
 * name.  Open addressing on the id: writers number ids densely (1, 2, ...)
 * or sparsely (valgrind numbers function names up to 30 times their count),
 * and nearly every call line looks one up. */
struct id_slot {
	uint64_t id;
	const void *value;         /* NULL: a free slot */
	struct func *func;         /* function names: the function last found through
				      the id, to check first (see lookup_by_id) */
	const struct pfile *file;  /* FUNC's file, kept here: reading FUNC is a cache miss */
};

struct idmap {
	struct id_slot *slots;
	size_t mask;               /* the number of slots less one; 0 while there are none */
	size_t count;              /* ids defined */
};

/* A file none of whose first lines (blank lines and comments aside) is a
 * line of the format is no profile: a text, a binary. */
#define NOT_A_PROFILE_LINES 10
/* A malformed line is quoted up to this many bytes. */
#define QUOTE_MAX 200

struct reader {
	struct profile *p;
	struct input *in;
	struct part *part;
	/* Until a line of the format is read, malformed lines are held, not
	 * told: a file that is no profile gets one error, not a warning for
	 * each of its lines. */
	bool recognised;
	struct held_line {
		size_t line;
		const char *what;
		char *quote;
	} held[NOT_A_PROFILE_LINES];
	size_t nheld;
	bool seen_events;          /* the first part's events: line */
	bool in_body;              /* the current part has body lines */
	bool part_has_summary;     /* a non-zero summary: seen in the current part */
	size_t part_number;        /* of the current part in this file, from 1 */
	bool skip;                 /* the current part is not selected: define names only */
	bool events_final;         /* derived events resolved; counts may be added */

	/* Whether each part is whole (check_part): callgrind ends every part
	 * with its totals: line, and a part's totals: and summary: lines
	 * give the sums of its self costs, which the profile's magnitudes
	 * (the sums of its positive and of its negative counts) tell at no
	 * cost per line. */
	bool by_callgrind;         /* the creator: line names callgrind */
	uint64_t *part_magnitude[2];  /* the magnitudes when the part began (nraw);
					 NULL: all zero */
	size_t summary_line, totals_line;   /* where the part's lines are; 0: none */
	bool summary_first, totals_first;   /* they come before its costs */

	size_t npos;               /* position columns on cost lines */
	int line_pos;              /* which of them is the line; -1 if none */
	int instr_pos;             /* which is the address; -1 if none */
	uint64_t *prev_pos;        /* addresses and lines: any 64-bit value */

	struct idmap files, fns, objs;

	/* The first profile's desc: lines (interned), and the part of each:
	 * the header shows those of the parts read (header_desc). */
	bool first_profile;
	struct desc_line {
		const char *text;
		size_t len;
		bool shown;        /* of a part whose lines the header shows */
	} *descs;
	size_t ndescs, descs_cap;

	struct pfile *file;        /* fl=/fi=/fe= in force */
	struct func *fn;           /* the function costs go to */
	const char *fn_name;
	struct func *host;         /* the last fn= function */
	const char *obj;           /* ob= in force: "" before any, NULL for an id never named */

	struct pfile *call_file;   /* cfi=/cfl= since the last call */
	const char *call_name;     /* cfn= since the last call */
	bool call_by_id;           /* it was given by id: */
	uint64_t call_id;
	const char *last_call_name;
	struct func *last_callee;
	bool call_pending;
	cost_t call_count;
	struct func *callee;

	cost_t *counts;            /* the current cost line's counts */
	size_t ncounts;            /* how many of them the line gave */

	/* The fast path (cost_line_fast) reads counts as unsigned 64-bit
	 * numbers and adds the self costs of a run of lines of one function
	 * in 64 bits before adding them to its self cost: they are all
	 * positive and their sum, like every sum of self counts, is at most
	 * the profile's magnitude, which is checked to fit. */
	uint64_t *ucounts;         /* the line's counts (nraw) */
	bool plain_counts;         /* counts are added as read: no negation, no derived
				      events, no per-instruction data */
	const uint64_t *plain;     /* the line's counts as read (ncounts of them), if
				      plain_counts and the fast path read them */
	uint64_t *acc;             /* self counts of acc_fn not yet in its self cost (nraw) */
	size_t acc_n;              /* acc[0..acc_n) are present; the rest are zero */
	struct func *acc_fn;

	/* Jumps, read only for keep_instr: jfi=/jfn= name the next jump's
	 * target; a jump= or jcnd= line waits for the next cost line, which
	 * gives the position of the jump instruction. */
	const struct pfile *jump_file;
	const char *jump_name;
	bool jump_pending;
	uint64_t jump_target;
	cost_t jump_taken, jump_executed;
};

static void idmap_release(struct idmap *m)
{
	free(m->slots);
}

static size_t idmap_slot(uint64_t id, size_t mask)
{
	return (size_t)((id * 0x9E3779B97F4A7C15ULL) >> 28) & mask;
}

/* The slot of ID, or NULL if it is not defined. */
static struct id_slot *idmap_find(const struct idmap *m, uint64_t id)
{
	if (m->slots == NULL)
		return NULL;
	for (size_t i = idmap_slot(id, m->mask);; i = (i + 1) & m->mask) {
		struct id_slot *e = &m->slots[i];

		if (e->value == NULL)
			return NULL;
		if (e->id == id)
			return e;
	}
}

static const void *idmap_get(const struct idmap *m, uint64_t id)
{
	const struct id_slot *e = idmap_find(m, id);

	return e ? e->value : NULL;
}

/* The slot of ID, or the free one where it goes. */
static struct id_slot *idmap_place(struct idmap *m, uint64_t id)
{
	size_t i = idmap_slot(id, m->mask);

	while (m->slots[i].value != NULL && m->slots[i].id != id)
		i = (i + 1) & m->mask;
	return &m->slots[i];
}

static void idmap_set(struct idmap *m, uint64_t id, const void *value)
{
	struct id_slot *e;

	/* At most half full, so that a lookup seldom probes a second slot. */
	if (2 * (m->count + 1) > m->mask) {
		struct id_slot *old = m->slots;
		size_t nold = old ? m->mask + 1 : 0, n = nold ? 2 * nold : 64;

		m->slots = xcalloc_written(n, sizeof(*m->slots));
		m->mask = n - 1;
		for (size_t i = 0; i < nold; i++)
			if (old[i].value != NULL)
				*idmap_place(m, old[i].id) = old[i];
		free(old);
	}
	e = idmap_place(m, id);
	if (e->value == NULL)
		m->count++;
	e->id = id;
	e->value = value;
	e->func = NULL;
}

static _Noreturn void fail(struct reader *r, const char *msg)
{
	die_at(r->in->path, r->in->lineno, "%s", msg);
}

static void tell_malformed(struct reader *r, size_t line, const char *what, const char *quote)
{
	warn_into_at(&r->p->warnings, r->in->path, line, "malformed %sline, ignored: %s", what,
		     quote);
}

/* Tell the malformed lines held so far: a line of the format came. */
static void tell_held(struct reader *r)
{
	r->recognised = true;
	for (size_t i = 0; i < r->nheld; i++) {
		tell_malformed(r, r->held[i].line, r->held[i].what, r->held[i].quote);
		free(r->held[i].quote);
	}
	r->nheld = 0;
}

static void forget_held(struct reader *r)
{
	for (size_t i = 0; i < r->nheld; i++)
		free(r->held[i].quote);
	r->nheld = 0;
}

/* LINE[0..LEN) quoted, its first QUOTE_MAX bytes if longer (a cut never
 * splits a character).  A new string. */
static char *quote_line(const char *line, size_t len)
{
	size_t shown = len;

	if (len <= QUOTE_MAX)
		return xasprintf("'%.*s'", (int)len, line);
	for (shown = QUOTE_MAX; shown > 0 && ((unsigned char)line[shown] & 0xc0) == 0x80;)
		shown--;
	return xasprintf("'%.*s' and %zu more bytes", (int)shown, line, len - shown);
}

static void malformed(struct reader *r, const char *what, const char *line, size_t len)
{
	char *quote = quote_line(line, len), first[QUOTE_MAX + 64];

	if (r->recognised) {
		tell_malformed(r, r->in->lineno, what, quote);
		free(quote);
		return;
	}
	r->held[r->nheld++] = (struct held_line){ r->in->lineno, what, quote };
	if (r->nheld < NOT_A_PROFILE_LINES)
		return;
	snprintf(first, sizeof(first), "line %zu: %s", r->held[0].line, r->held[0].quote);
	forget_held(r);
	die(EXIT_INPUT, "%s: not a Callgrind profile: its first %d lines that are neither blank "
	    "nor comments are malformed (%s)", r->in->path, NOT_A_PROFILE_LINES, first);
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static const char *skip_space(const char *s, const char *end)
{
	while (s < end && is_space(*s))
		s++;
	return s;
}

static bool is_digit(char c)
{
	return (unsigned char)(c - '0') < 10;
}

/* An unsigned decimal or 0x-hexadecimal number at *S.  Returns false if
 * there is none or it does not fit 64 bits.  Hand-written: the reader
 * spends most of its time here. */
static bool parse_uint(const char **s, const char *end, uint64_t *out)
{
	const char *p = *s;
	uint64_t v = 0;
	unsigned d;

	if (end - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x' && number_hex_digit(p[2]) < 16) {
		for (p += 2; p < end && (d = number_hex_digit(*p)) < 16; p++) {
			if (v > (UINT64_MAX >> 4))
				return false;
			v = v << 4 | d;
		}
	} else {
		if (p >= end || !is_digit(*p))
			return false;
		for (; p < end && is_digit(*p); p++) {
			uint64_t d10 = (uint64_t)(*p - '0');

			if (v > UINT64_MAX / 10 || (v == UINT64_MAX / 10 && d10 > UINT64_MAX % 10))
				return false;
			v = v * 10 + d10;
		}
	}
	*s = p;
	*out = v;
	return true;
}

/* A count: a 64-bit magnitude with an optional sign.  The format's
 * numbers have none, but cg_diff writes negative counts and
 * callgrind_annotate reads "+N" as N, so both signs are read alike. */
static bool parse_int(const char **s, const char *end, cost_t *out)
{
	bool neg = *s < end && **s == '-';
	const char *p = *s + (*s < end && (**s == '-' || **s == '+'));
	uint64_t v;

	if (!parse_uint(&p, end, &v))
		return false;
	*out = neg ? -(cost_t)v : (cost_t)v;
	*s = p;
	return true;
}

/* One position column: absolute, "+N"/"-N" relative to PREV, or "*".
 * Positions are unsigned 64-bit: addresses use the whole range.  Inlined
 * into the cost-line loop, the reader's hottest path, though jump lines
 * use it too. */
static inline __attribute__((always_inline)) bool
parse_position(const char **s, const char *end, uint64_t prev, uint64_t *out)
{
	const char *p = *s;
	uint64_t v;

	if (p < end && *p == '*') {
		*out = prev;
		p++;
	} else if (p < end && (*p == '+' || *p == '-')) {
		char sign = *p++;

		if (!parse_uint(&p, end, &v))
			return false;
		if (sign == '+' ? __builtin_add_overflow(prev, v, out)
				: __builtin_sub_overflow(prev, v, out))
			return false;
	} else {
		if (!parse_uint(&p, end, &v))
			return false;
		*out = v;
	}
	if (p < end && !is_space(*p))
		return false;
	*s = p;
	return true;
}

/* A count: the common short decimal inline, anything else (hex, a sign,
 * 19 digits or more) through parse_int. */
static inline bool parse_count(const char **s, const char *end, cost_t *out)
{
	const char *p = *s;
	uint64_t v = 0;

	while (p < end && is_digit(*p) && p - *s < 18)
		v = v * 10 + (*p++ - '0');
	if (p == *s || (p < end && (is_digit(*p) || *p == 'x' || *p == 'X')))
		return parse_int(s, end, out);
	*s = p;
	*out = (cost_t)v;
	return true;
}

/* Fill the derived events of COUNTS from its raw ones. */
static void derive_counts(struct reader *r, cost_t *counts)
{
	const struct profile *p = r->p;

	for (size_t d = 0; d < p->nderived; d++) {
		const struct derived *dv = &p->derived[d];
		cost_t sum = COST_ABSENT;

		for (size_t t = 0; t < dv->nterms; t++) {
			cost_t c = counts[dv->index[t]], prod;

			if (c == COST_ABSENT)
				continue;
			/* |c| < 2^64 and |coef| < 2^63: the product fits 128 bits. */
			prod = c * dv->coef[t];
			if (!cost_in_range(prod) ||
			    !cost_in_range(sum = (sum == COST_ABSENT ? 0 : sum) + prod))
				fail(r, "a derived event's count does not fit in 64 bits");
		}
		counts[dv->event] = sum;
	}
}

/* A token of digits (with a sign or 0x maybe) that parse_int refused:
 * a number too large for a count, as opposed to text that is no number. */
static bool is_big_number(const char *s, const char *end)
{
	const char *p = s + (s < end && (*s == '-' || *s == '+'));
	bool hex = end - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x';
	const char *digits = p + (hex ? 2 : 0);

	for (p = digits; p < end && !is_space(*p); p++)
		if (hex ? number_hex_digit(*p) >= 16 : !is_digit(*p))
			return false;
	return p > digits;
}

static _Noreturn void fail_big(struct reader *r, const char *what, const char *s, const char *end)
{
	const char *e = s;

	while (e < end && !is_space(*e))
		e++;
	die_at(r->in->path, r->in->lineno,
	       "%s %.*s is larger than %" PRIu64 ", the largest count cgannotate handles",
	       what, (int)(e - s), s, UINT64_MAX);
}

/* Counts after the positions: whitespace-separated integers or "." for
 * absent; missing trailing counts are absent too.  Returns false if a
 * token is not a count; dies if there are more counts than events.
 * *NCOUNTS gets the number of counts written on the line. */
static bool parse_counts(struct reader *r, const char *s, const char *end,
			 cost_t *counts, size_t *ncounts)
{
	size_t n = 0, nev = r->p->nraw;

	for (s = skip_space(s, end); s < end; s = skip_space(s, end)) {
		cost_t v;

		if (n == nev)
			fail(r, "too many event counts");
		if (*s == '.' && (s + 1 == end || is_space(s[1]))) {
			counts[n++] = COST_ABSENT;
			s++;
			continue;
		}
		if (!parse_count(&s, end, &v)) {
			if (is_big_number(s, end))
				fail_big(r, "count", s, end);
			return false;
		}
		if (s < end && !is_space(*s))
			return false;
		counts[n++] = v;
	}
	*ncounts = n;
	for (; n < nev; n++)
		counts[n] = COST_ABSENT;
	if (r->p->nderived > 0) {
		derive_counts(r, counts);
		*ncounts = r->p->nevents;
	}
	return true;
}

/* "(id) name", "(id)" or "name"; the value the id stands for afterwards is
 * VALUE (computed by the caller from the name). */
struct name_ref {
	bool has_id;
	uint64_t id;
	const char *name;      /* NULL for a bare "(id)" */
	size_t len;
};

static struct name_ref parse_name(const char *s, const char *end)
{
	struct name_ref ref = { false, 0, s, (size_t)(end - s) };
	const char *p = s + 1;
	uint64_t id;

	if (s < end && *s == '(' && p < end && is_digit(*p) &&
	    parse_uint(&p, end, &id) && p < end && *p == ')') {
		ref.has_id = true;
		ref.id = id;
		p = skip_space(p + 1, end);
		ref.name = p < end ? p : NULL;
		ref.len = (size_t)(end - p);
	}
	return ref;
}

typedef const char *intern_fn(struct profile *p, const char *s, size_t len);

/* Resolve the name REF, read from [S, END), of a kind whose values are
 * interned strings (made by INTERN, which may rewrite them).  An id used
 * before it is named is warned about once and stands for UNNAMED, or for
 * its own text "(id)" when UNNAMED is NULL. */
static const char *resolve_ref(struct reader *r, struct idmap *m, intern_fn *intern,
			       const char *unnamed, struct name_ref ref, const char *s,
			       const char *end)
{
	const char *v;

	if (ref.name != NULL) {
		v = intern(r->p, ref.name, ref.len);
		if (ref.has_id)
			idmap_set(m, ref.id, v);
		return v;
	}
	v = idmap_get(m, ref.id);
	if (v == NULL) {
		warn_into_at(&r->p->warnings, r->in->path, r->in->lineno,
			     "name id (%llu) used before it is defined", (unsigned long long)ref.id);
		v = unnamed ? unnamed : intern(r->p, s, (size_t)(end - s));
		idmap_set(m, ref.id, v);
	}
	return v;
}

static const char *resolve_string(struct reader *r, struct idmap *m, intern_fn *intern,
				  const char *unnamed, const char *s, const char *end)
{
	return resolve_ref(r, m, intern, unnamed, parse_name(s, end), s, end);
}

/* Functions and files whose ids are never named keep their costs under
 * the text "(id)"; an object that has no name is no object (NULL), as
 * callgrind_annotate shows it, unlike the empty object of functions read
 * before any ob= line. */
static const char *resolve_object(struct reader *r, const char *s, const char *end)
{
	static const char unnamed[] = "";
	const char *v = resolve_string(r, &r->objs, profile_intern, unnamed, s, end);

	return v == unnamed ? NULL : v;
}

static struct pfile *resolve_file(struct reader *r, const char *s, const char *end)
{
	struct name_ref ref = parse_name(s, end);
	struct pfile *f;

	if (ref.name == NULL) {
		f = (struct pfile *)idmap_get(&r->files, ref.id);
		if (f != NULL)
			return f;
		warn_into_at(&r->p->warnings, r->in->path, r->in->lineno,
			     "name id (%llu) used before it is defined", (unsigned long long)ref.id);
		ref.name = s;
		ref.len = (size_t)(end - s);
	}
	f = profile_file(r->p, ref.name, ref.len);
	if (ref.has_id)
		idmap_set(&r->files, ref.id, f);
	return f;
}

/* The function NAME in FILE (profile_func remembers the last one of each
 * name, which answers the callees of calls looked up again and again). */
static struct func *lookup_func(struct reader *r, struct pfile *file, const char *name)
{
	return profile_func(r->p, file, name);
}

/* lookup_func for a name given by id ID (if BY_ID): the id's slot keeps
 * the function found last, and its file, which saves reaching the name's
 * record and the function's (cache misses) for nearly every call.  It is
 * the one for FILE and NAME while NAME is the id's name. */
static struct func *lookup_by_id(struct reader *r, bool by_id, uint64_t id, struct pfile *file,
				 const char *name)
{
	struct id_slot *e = by_id ? idmap_find(&r->fns, id) : NULL;
	struct func *f;

	if (e != NULL && e->func != NULL && e->file == file && e->value == name)
		return e->func;
	f = lookup_func(r, file, name);
	if (e != NULL && e->value == name && f->key.file == file && f->key.name == name) {
		e->func = f;
		e->file = file;
	}
	return f;
}

static struct pfile *no_file(struct reader *r)
{
	return profile_file(r->p, "", 0);
}

/* Every sum the report makes of self costs (per source line, per file,
 * over the functions shown) adds up some of the self cost lines, so it
 * lies between minus the sum of the negative counts and the sum of the
 * positive ones: while both fit 64 bits, so do all those sums.  In a diff
 * the subtracted profile makes the negative side. */
static _Noreturn void magnitude_overflow(struct reader *r, size_t event)
{
	die_at(r->in->path, r->in->lineno,
	       "the counts of event %s add up to more than 64 bits can hold",
	       r->p->events[event].name);
}

static void check_magnitude(struct reader *r)
{
	for (size_t i = 0; i < r->ncounts; i++) {
		cost_t v = r->counts[i];
		uint64_t *m = &r->p->magnitude[v < 0][i];

		if (v == COST_ABSENT)
			continue;
		if (__builtin_add_overflow(*m, (uint64_t)(v < 0 ? -v : v), m))
			magnitude_overflow(r, i);
	}
}

/* Add the current cost line's counts: only the first ncounts can be present. */
static void add_counts(struct reader *r, cost_t *dst)
{
	bool over = false;

	if (r->plain == NULL) {
		over = !cost_add(dst, r->counts, r->ncounts);
	} else {
		/* All present and positive: a sum can only leave the range
		 * upwards (DST may be negative, from a subtracted profile). */
		for (size_t i = 0; i < r->ncounts; i++) {
			cost_t d = dst[i];

			d = (d == COST_ABSENT ? 0 : d) + (cost_t)r->plain[i];
			over |= d > COST_MAX;
			dst[i] = d;
		}
	}
	if (over)
		fail(r, "a sum of counts does not fit in 64 bits");
}

static cost_t *lazy_cost(struct reader *r, cost_t **slot)
{
	if (*slot == NULL)
		*slot = cost_new(&r->p->arena, r->p->nevents);
	return *slot;
}

/* As add_counts, into per-line cells. */
static void add_cells(struct reader *r, cell_t *dst)
{
	if (!cells_add(&r->p->spill, dst, r->counts, r->ncounts))
		fail(r, "a sum of counts does not fit in 64 bits");
}

static cell_t *lazy_cells(struct reader *r, cell_t **slot)
{
	if (*slot == NULL)
		*slot = cells_new(&r->p->arena, r->p->nevents);
	return *slot;
}

/* Add the 64-bit self counts pending for acc_fn to its self cost, and to
 * the part's sum if it needs one: no sum leaves the range of counts (see
 * struct reader).  Called when another function's lines begin, before a
 * header line (a new part, or a summary: that makes the sum unneeded) and
 * at the end. */
static void flush_self(struct reader *r)
{
	cost_t *self = r->acc_n ? r->acc_fn->self : NULL;
	cost_t *sum = r->acc_n && !r->part_has_summary ? lazy_cost(r, &r->part->self_sum) : NULL;

	for (size_t i = 0; i < r->acc_n; i++) {
		self[i] = (self[i] == COST_ABSENT ? 0 : self[i]) + r->acc[i];
		if (sum != NULL)
			sum[i] = (sum[i] == COST_ABSENT ? 0 : sum[i]) + r->acc[i];
		r->acc[i] = 0;
	}
	r->acc_n = 0;
	r->acc_fn = NULL;
}

/* --- header ------------------------------------------------------------ */

static void set_positions(struct reader *r, const char *s, const char *end)
{
	size_t n = 0;

	r->line_pos = r->instr_pos = -1;
	for (s = skip_space(s, end); s < end; s = skip_space(s, end)) {
		const char *w = s;

		while (s < end && !is_space(*s))
			s++;
		if (s - w == 4 && memcmp(w, "line", 4) == 0 && r->line_pos < 0)
			r->line_pos = (int)n;
		if (s - w == 5 && memcmp(w, "instr", 5) == 0 && r->instr_pos < 0)
			r->instr_pos = (int)n;
		n++;
	}
	if (n == 0) {
		n = 1;
		r->line_pos = 0;
	}
	r->npos = n;
	free(r->prev_pos);
	r->prev_pos = xcalloc(n, sizeof(*r->prev_pos));
}

static void split_events(struct reader *r, const char *s, const char *end,
			 struct event **events, size_t *n)
{
	size_t cap = 0;

	*events = NULL;
	*n = 0;
	for (s = skip_space(s, end); s < end; s = skip_space(s, end)) {
		const char *w = s;

		while (s < end && !is_space(*s))
			s++;
		xgrow(events, &cap, *n + 1, sizeof(**events));
		memset(&(*events)[*n], 0, sizeof(**events));
		(*events)[(*n)++].name = profile_intern(r->p, w, (size_t)(s - w));
	}
}

/* A later part or profile must have the first one's events. */
static void check_same_events(struct reader *r, const struct event *ev, size_t n)
{
	const struct profile *p = r->p;
	const char *first = p->paths && p->paths[0] ? p->paths[0] : p->path;
	size_t i;

	for (i = 0; i < n && i < p->nraw; i++)
		if (ev[i].name != p->events[i].name)
			break;
	if (i == n && n == p->nraw)
		return;
	if (r->seen_events)
		fail(r, "events differ from those of the first part");
	if (i < n && i < p->nraw)
		die_at(r->in->path, r->in->lineno, "event %zu is '%s' here but '%s' in '%s'",
		       i + 1, ev[i].name, p->events[i].name, first);
	die_at(r->in->path, r->in->lineno, "%zu events here but %zu in '%s'", n, p->nraw, first);
}

static void set_events(struct reader *r, const char *s, const char *end)
{
	struct profile *p = r->p;
	struct event *ev;
	size_t n;

	split_events(r, s, end, &ev, &n);
	if (n == 0)
		fail(r, "no event names on the events: line");
	if (p->nraw > 0) {
		check_same_events(r, ev, n);
		free(ev);
	} else {
		p->events = ev;
		p->nevents = p->nraw = n;
	}
	r->seen_events = true;
}

static const char *trim_end(const char *s, const char *end)
{
	while (end > s && is_space(end[-1]))
		end--;
	return end;
}

/* "event: NAME [= FORMULA] [: LONG NAME]" */
static void add_event_def(struct reader *r, const char *s, const char *end)
{
	struct profile *p = r->p;
	struct event *d;
	const char *w, *colon, *eq;

	s = skip_space(s, end);
	w = s;
	while (s < end && !is_space(*s) && *s != '=' && *s != ':')
		s++;
	if (s == w)
		return;
	p->event_defs = xreallocarray(p->event_defs, p->nevent_defs + 1, sizeof(*p->event_defs));
	d = &p->event_defs[p->nevent_defs++];
	memset(d, 0, sizeof(*d));
	d->name = profile_intern(p, w, (size_t)(s - w));
	colon = memchr(s, ':', (size_t)(end - s));
	eq = memchr(s, '=', (size_t)(end - s));
	if (eq != NULL && (colon == NULL || eq < colon)) {
		const char *f = skip_space(eq + 1, end);
		const char *fend = trim_end(f, colon ? colon : end);

		d->formula = profile_intern(p, f, (size_t)(fend - f));
	}
	if (colon != NULL) {
		const char *l = skip_space(colon + 1, end);

		d->long_name = profile_intern(p, l, (size_t)(trim_end(l, end) - l));
	}
}

/* --- derived events ------------------------------------------------------ */

static const struct event *find_event_def(const struct profile *p, const char *name)
{
	/* The last definition wins, as a later header line overrides. */
	for (size_t i = p->nevent_defs; i-- > 0;)
		if (p->event_defs[i].name == name)
			return &p->event_defs[i];
	return NULL;
}

static ssize_t raw_event_index(const struct profile *p, const char *name)
{
	for (size_t i = 0; i < p->nraw; i++)
		if (p->events[i].name == name)
			return (ssize_t)i;
	return -1;
}

#define DERIVED_DEPTH_MAX 16

/* Add COEF times the formula F (or the event NAME) to D's terms; derived
 * events may be defined in terms of other derived events. */
static void add_terms(struct reader *r, struct derived *d, const char *name, int64_t coef,
		      int depth);

static void add_formula_terms(struct reader *r, struct derived *d, const char *f, int64_t coef,
			      int depth)
{
	const char *end = f + strlen(f);

	for (;;) {
		uint64_t n = 1;
		int64_t c;
		const char *w;

		f = skip_space(f, end);
		if (f < end && is_digit(*f)) {
			if (!parse_uint(&f, end, &n) || n > INT64_MAX)
				fail(r, "a derived event's factor is too large");
			f = skip_space(f, end);
			if (f < end && *f == '*')
				f = skip_space(f + 1, end);
		}
		w = f;
		while (f < end && !is_space(*f) && *f != '+' && *f != '*')
			f++;
		if (f == w)
			die_at(r->in->path, r->in->lineno,
			       "cannot read the formula of a derived event: '%s'", d->formula);
		if (__builtin_mul_overflow((int64_t)n, coef, &c))
			fail(r, "a derived event's factor is too large");
		add_terms(r, d, profile_intern(r->p, w, (size_t)(f - w)), c, depth);
		f = skip_space(f, end);
		if (f == end)
			return;
		if (*f != '+')
			die_at(r->in->path, r->in->lineno,
			       "cannot read the formula of a derived event: '%s'", d->formula);
		f++;
	}
}

static void add_terms(struct reader *r, struct derived *d, const char *name, int64_t coef,
		      int depth)
{
	ssize_t raw = raw_event_index(r->p, name);
	const struct event *def;

	if (raw >= 0) {
		for (size_t t = 0; t < d->nterms; t++)
			if (d->index[t] == (size_t)raw) {
				if (__builtin_add_overflow(d->coef[t], coef, &d->coef[t]))
					fail(r, "a derived event's factor is too large");
				return;
			}
		d->index = xreallocarray(d->index, d->nterms + 1, sizeof(*d->index));
		d->coef = xreallocarray(d->coef, d->nterms + 1, sizeof(*d->coef));
		d->index[d->nterms] = (size_t)raw;
		d->coef[d->nterms++] = coef;
		return;
	}
	def = find_event_def(r->p, name);
	if (def == NULL || def->formula == NULL)
		die_at(r->in->path, r->in->lineno,
		       "derived event formula '%s' names '%s', which is no event", d->formula, name);
	if (depth >= DERIVED_DEPTH_MAX)
		die_at(r->in->path, r->in->lineno,
		       "derived event '%s' is defined in terms of itself", name);
	add_formula_terms(r, d, def->formula, coef, depth + 1);
}

/* Append the derived event DEF to the profile's events. */
static void add_derived(struct reader *r, const struct event *def)
{
	struct profile *p = r->p;
	struct derived *d;

	p->events = xreallocarray(p->events, p->nevents + 1, sizeof(*p->events));
	p->events[p->nevents] = *def;
	p->derived = xreallocarray(p->derived, p->nderived + 1, sizeof(*p->derived));
	d = &p->derived[p->nderived++];
	memset(d, 0, sizeof(*d));
	d->event = p->nevents++;
	d->formula = def->formula;
	add_formula_terms(r, d, def->formula, 1, 0);
}

/* Once the header is read: long names for the events, the derived events
 * the caller asked for, and the buffer for a cost line's counts. */
static void finalize_events(struct reader *r)
{
	struct profile *p = r->p;

	if (r->events_final || !r->seen_events)
		return;
	r->events_final = true;
	if (!p->events_final) {
		p->events_final = true;
		for (size_t j = 0; j < p->nraw; j++) {
			const struct event *def = find_event_def(p, p->events[j].name);

			if (def != NULL) {
				p->events[j].long_name = def->long_name;
				p->events[j].formula = def->formula;
			}
		}
		for (size_t i = 0; i < p->nwant_events; i++) {
			const char *name = profile_intern(p, p->want_events[i],
							  strlen(p->want_events[i]));
			const struct event *def = find_event_def(p, name);
			bool known = false;

			for (size_t j = 0; j < p->nevents && !known; j++)
				known = p->events[j].name == name;
			if (!known && def != NULL && def->formula != NULL)
				add_derived(r, def);
		}
	}
	for (int sign = 0; sign < 2; sign++)
		if (p->magnitude[sign] == NULL)
			p->magnitude[sign] = xcalloc(p->nevents, sizeof(*p->magnitude[sign]));
	r->counts = xmalloc(p->nevents * sizeof(*r->counts));
	r->ucounts = xmalloc(p->nraw * sizeof(*r->ucounts));
	r->plain_counts = !p->negate && p->nderived == 0 && !p->keep_instr;
	r->acc = xcalloc(p->nraw, sizeof(*r->acc));
}

static void append_desc(struct profile *p, const char *s, size_t len)
{
	p->desc = xreallocarray(p->desc, p->desc_len + len + 1, 1);
	memcpy(p->desc + p->desc_len, s, len);
	p->desc_len += len;
	p->desc[p->desc_len] = '\0';
}

/* The length of the "Key" of a "Key: value" line; the whole line if it
 * has no ": ". */
static size_t desc_key_len(const struct desc_line *d)
{
	const char *colon = memmem(d->text, d->len, ": ", 2);

	return colon != NULL ? (size_t)(colon - d->text) : d->len;
}

/* Whether D[I] and D[J] have the same key (and, with VALUE, the same text). */
static bool same_desc(const struct desc_line *d, size_t i, size_t j, bool value)
{
	size_t n = desc_key_len(&d[i]);

	if (value)
		return d[i].len == d[j].len && memcmp(d[i].text, d[j].text, d[i].len) == 0;
	return n == desc_key_len(&d[j]) && memcmp(d[i].text, d[j].text, n) == 0;
}

/* The header's desc: lines, from the first profile's parts read.  Without
 * --part, as callgrind_annotate shows them: part 1's.  With it, those of
 * every part read: each key once, where it first comes, with its values in
 * the parts read joined by "; " ("first; second; ...; last" where there are
 * more than three), so that the Timerange and Trigger of --part=3 are part
 * 3's; a key that no part read has (the cache sizes, given once for the
 * run) keeps its first value. */
static void header_desc(struct reader *r)
{
	const struct desc_line *d = r->descs;
	size_t n = r->ndescs, *values = xmalloc((n + 1) * sizeof(*values));

	for (size_t i = 0; i < n; i++) {
		size_t nv = 0, key = desc_key_len(&d[i]);
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = same_desc(d, i, j, false);
		for (size_t j = i; j < n && !seen; j++) {
			bool known = false;

			if (!d[j].shown || !same_desc(d, i, j, false))
				continue;
			for (size_t k = 0; k < nv && !known; k++)
				known = same_desc(d, values[k], j, true);
			if (!known)
				values[nv++] = j;
		}
		if (nv == 0 && r->p->nwant_parts > 0)
			values[nv++] = i;
		if (seen || nv == 0)
			continue;
		append_desc(r->p, d[values[0]].text, d[values[0]].len);
		for (size_t k = 1; k < nv; k++) {
			const struct desc_line *v = &d[values[k]];

			if (nv > 3 && k == 2) {
				append_desc(r->p, "; ...", 5);
				k = nv - 2;
			} else if (key < v->len) {
				append_desc(r->p, "; ", 2);
				append_desc(r->p, v->text + key + 2, v->len - key - 2);
			}
		}
		append_desc(r->p, "\n", 1);
	}
	free(values);
}

enum header_key {
	H_VERSION, H_CREATOR, H_PID, H_THREAD, H_PART, H_CMD, H_DESC,
	H_POSITIONS, H_EVENT, H_EVENTS, H_SUMMARY, H_TOTALS, H_NONE
};

static const char *const header_names[] = {
	"version", "creator", "pid", "thread", "part", "cmd", "desc",
	"positions", "event", "events", "summary", "totals",
};

/* Which "key:" line this is; *VALUE gets what follows the colon. */
static enum header_key header_key(const char *s, const char *end, const char **value)
{
	const char *colon = memchr(s, ':', (size_t)(end - s));

	if (colon == NULL)
		return H_NONE;
	for (int k = 0; k < H_NONE; k++) {
		size_t n = strlen(header_names[k]);

		if ((size_t)(colon - s) == n && memcmp(s, header_names[k], n) == 0) {
			*value = skip_space(colon + 1, end);
			return (enum header_key)k;
		}
	}
	return H_NONE;
}

static bool part_wanted(const struct profile *p, size_t number)
{
	if (p->nwant_parts == 0)
		return true;
	for (size_t i = 0; i < p->nwant_parts; i++)
		if (p->want_parts[i] == number)
			return true;
	return false;
}

/* The first raw event whose sum in the part, as the magnitudes tell it,
 * is not TOTAL's (LEN counts given), or with AT_MOST is more than a
 * TOTAL of 0 or more; *SUM gets that sum.  nraw if none. */
static size_t first_differing(const struct reader *r, const cost_t *total, size_t len,
			      bool at_most, cost_t *sum)
{
	const struct profile *p = r->p;

	for (size_t i = 0; i < len && i < p->nraw; i++) {
		cost_t s = 0;

		for (int sign = 0; sign < 2; sign++) {
			cost_t m = p->magnitude[sign][i];

			if (r->part_magnitude[sign] != NULL)
				m -= r->part_magnitude[sign][i];
			s += sign ? -m : m;
		}
		if (r->part->negated)
			s = -s;
		if (total[i] != COST_ABSENT &&
		    (at_most ? total[i] >= 0 && s > total[i] : total[i] != s)) {
			*sum = s;
			return i;
		}
	}
	return p->nraw;
}

/* Warn if the part's KEY line (LINE) gives totals that its costs do not
 * add up to.  A line in the header (FIRST) was written before the costs,
 * and may count what they leave out (callgrind's summary: a few
 * instructions more than its totals:, a Python profile's the time spent
 * outside any function): it is only held to be no less than they are. */
static void check_total(const struct reader *r, const char *key, const cost_t *total,
			size_t len, size_t line, bool first)
{
	char want[NUMFMT_COUNT_MAX], got[NUMFMT_COUNT_MAX];
	cost_t sum;
	size_t i;

	if (total == NULL || line == 0 ||
	    (i = first_differing(r, total, len, first, &sum)) == r->p->nraw)
		return;
	numfmt_decimal(want, total[i]);
	numfmt_decimal(got, sum);
	warn_into_at(&r->p->warnings, r->in->path, line,
		     "%s gives %s %s but the costs read add up to %s; the profile may be damaged",
		     key, r->p->events[i].name, want, got);
}

/* At the end of a part (AT_END: the end of the file): warn if it is not
 * whole. */
static void check_part(const struct reader *r, bool at_end)
{
	const struct part *pt = r->part;

	if (r->by_callgrind && pt->totals == NULL) {
		if (at_end && r->part_number == 1)
			warn_into_at(&r->p->warnings, r->in->path, 0,
				     "ends without a totals: line; the profile may be truncated");
		else
			warn_into_at(&r->p->warnings, r->in->path, 0,
				     "part %zu ends without a totals: line; %s may be truncated",
				     pt->number, at_end ? "the profile" : "it");
		return;
	}
	if (pt->skipped || !r->events_final)
		return;
	check_total(r, "summary:", pt->summary, pt->summary_len, r->summary_line, r->summary_first);
	check_total(r, "totals:", pt->totals, pt->totals_len, r->totals_line, r->totals_first);
}

static void start_part(struct reader *r)
{
	static const char default_positions[] = "line";

	flush_self(r);
	if (r->part != NULL)
		check_part(r, false);
	for (int sign = 0; sign < 2; sign++) {
		const uint64_t *m = r->p->magnitude[sign];

		if (m != NULL && r->part_magnitude[sign] == NULL)
			r->part_magnitude[sign] = xmalloc(r->p->nraw * sizeof(*m));
		if (m != NULL)
			memcpy(r->part_magnitude[sign], m, r->p->nraw * sizeof(*m));
	}
	r->summary_line = r->totals_line = 0;
	r->part = profile_new_part(r->p, r->in->lineno);
	r->part->path = r->in->path;
	r->part->number = ++r->part_number;
	r->part->negated = r->p->negate;
	r->part->skipped = r->skip = !part_wanted(r->p, r->part_number);
	r->in_body = false;
	r->part_has_summary = false;
	set_positions(r, default_positions, default_positions + sizeof(default_positions) - 1);
}

static void read_total(struct reader *r, const char *s, const char *end,
		       cost_t **slot, size_t *len)
{
	cost_t *v;

	if (!r->seen_events) {
		malformed(r, "header ", s, (size_t)(end - s));
		return;
	}
	finalize_events(r);
	v = cost_new(&r->p->arena, r->p->nevents);
	if (!parse_counts(r, s, end, v, len)) {
		malformed(r, "", s, (size_t)(end - s));
		return;
	}
	*slot = v;
}

static void header_line(struct reader *r, enum header_key k, const char *v, const char *end,
			const char *line, size_t len)
{
	struct profile *p = r->p;
	bool first = p->nparts == 1;
	const char *text = profile_intern(p, v, (size_t)(end - v));

	if (k != H_NONE && !r->recognised)
		tell_held(r);
	flush_self(r);
	switch (k) {
	case H_VERSION:
		if (is_digit(*v) && strtol(v, NULL, 10) > 1)
			die_at(r->in->path, r->in->lineno,
			       "cannot read format version %.*s (only version 1 is known)",
			       (int)(end - v), v);
		break;
	case H_CREATOR:
		if (first)
			p->creator = text;
		r->by_callgrind = end - v >= 9 && memcmp(v, "callgrind", 9) == 0;
		break;
	case H_PID:     r->part->pid = text; break;
	case H_THREAD:  r->part->thread = text; break;
	case H_PART:    r->part->name = text; break;
	case H_CMD:
		r->part->cmd = text;
		if (first)
			p->cmd = text;
		break;
	case H_DESC:
		/* callgrind_annotate hides the profiler's option list. */
		if (r->first_profile && !(end - v >= 7 && memcmp(v, "Option:", 7) == 0)) {
			xgrow(&r->descs, &r->descs_cap, r->ndescs + 1, sizeof(*r->descs));
			r->descs[r->ndescs++] = (struct desc_line){
				text, (size_t)(end - v),
				!r->part->skipped && (p->nwant_parts > 0 || r->part_number == 1) };
		}
		break;
	case H_POSITIONS: set_positions(r, v, end); break;
	case H_EVENT:   add_event_def(r, v, end); break;
	case H_EVENTS:
		set_events(r, v, end);
		break;
	case H_SUMMARY:
		read_total(r, v, end, &r->part->summary, &r->part->summary_len);
		r->summary_line = r->in->lineno;
		r->summary_first = !r->in_body;
		r->part_has_summary = r->part->summary != NULL &&
				      !cost_is_zero(r->part->summary, p->nevents);
		break;
	case H_TOTALS:
		read_total(r, v, end, &r->part->totals, &r->part->totals_len);
		r->totals_line = r->in->lineno;
		r->totals_first = !r->in_body;
		break;
	case H_NONE:
		malformed(r, r->seen_events ? "" : "header ", line, len);
		break;
	}
}

/* --- body -------------------------------------------------------------- */

static void drop_pending_call(struct reader *r)
{
	if (r->call_pending)
		warn_into_at(&r->p->warnings, r->in->path, r->in->lineno - 1,
			     "calls= line not followed by a cost line, ignoring the call");
	r->call_pending = false;
}

/* --- instructions (keep_instr only) ------------------------------------ */

/* The instruction of the current cost line in the code of the function its
 * costs go to; NULL (the profile marked as lacking addresses) when the
 * positions give no address. */
static struct line_entry *current_instr(struct reader *r, uint64_t line,
					struct instr_info **info, struct code **code)
{
	struct code *c;
	struct line_entry *e;

	if (r->instr_pos < 0) {
		r->p->instr_missing = true;
		return NULL;
	}
	c = *code = code_of(&r->fn->code, &r->p->arena, r->obj ? r->obj : "");
	e = code_instr(c, r->prev_pos[r->instr_pos], info);
	if ((*info)->file == NULL && r->line_pos >= 0) {
		(*info)->file = r->file;
		(*info)->line = line;
	}
	return e;
}

static void forget_jump(struct reader *r)
{
	r->jump_pending = false;
	r->jump_file = NULL;
	r->jump_name = NULL;
}

static void drop_pending_jump(struct reader *r)
{
	if (r->jump_pending)
		warn_into_at(&r->p->warnings, r->in->path, r->in->lineno - 1,
			     "jump line not followed by a cost line, ignoring the jump");
	r->jump_pending = false;
}

static void instr_self_cost(struct reader *r, uint64_t line)
{
	struct instr_info *info;
	struct code *c;
	struct line_entry *e = current_instr(r, line, &info, &c);

	if (e == NULL)
		return;
	add_cells(r, lazy_cells(r, &e->cost));
	if (r->jump_pending &&
	    !code_add_jump(info, &r->p->arena, r->jump_target, r->jump_file, r->jump_name,
			   r->jump_taken, r->jump_executed))
		fail(r, "a sum of jump counts does not fit in 64 bits");
	forget_jump(r);
}

/* jump=COUNT TARGET, jcnd=TAKEN/EXECUTED TARGET as Valgrind writes it, or
 * jcnd=EXECUTED TAKEN TARGET as the format's description has it.  TARGET
 * is a position relative to the last cost line's and does not move it. */
static void on_jump(struct reader *r, bool cond, const char *v, const char *end,
		    const char *line, size_t len)
{
	const char *p = v;
	uint64_t a, b = 0, pos, target = 0;
	bool slash = false;
	cost_t taken, executed;

	if (r->skip)
		return;
	drop_pending_jump(r);
	if (!parse_uint(&p, end, &a))
		goto bad;
	if (cond) {
		slash = p < end && *p == '/';
		p = slash ? p + 1 : skip_space(p, end);
		if (!parse_uint(&p, end, &b))
			goto bad;
	}
	for (size_t k = 0; k < r->npos; k++) {
		if (p == end || !is_space(*p))
			goto bad;
		p = skip_space(p, end);
		if (!parse_position(&p, end, r->prev_pos[k], &pos))
			goto bad;
		if ((int)k == r->instr_pos)
			target = pos;
	}
	if (skip_space(p, end) != end)
		goto bad;
	taken = (cost_t)(cond && !slash ? b : a);
	executed = cond ? (cost_t)(slash ? b : a) : COST_ABSENT;
	if (cond && taken > executed)
		goto bad;
	if (r->p->negate) {
		taken = -taken;
		executed = cond ? -executed : COST_ABSENT;
	}
	r->jump_pending = true;
	r->jump_target = target;
	r->jump_taken = taken;
	r->jump_executed = executed;
	return;
bad:
	forget_jump(r);
	malformed(r, "", line, len);
}

/* --- costs ------------------------------------------------------------- */

/* The current function's entry for LINE (keep_func_lines only). */
static struct line_entry *func_line(struct reader *r, uint64_t line)
{
	uint64_t addr = r->instr_pos >= 0 ? r->prev_pos[r->instr_pos] : FUNC_LINES_NO_ADDRESS;

	return func_lines_at(&r->fn->lines, &r->p->arena, line, addr);
}

/* LINE of FILE, which keeps per-line data, has a cost or a call of the
 * current function: the function's lines, where they are its own file's. */
static void note_line(struct reader *r, const struct pfile *file, uint64_t line)
{
	struct func *f = r->fn;

	if (file != f->key.file || line == 0)
		return;
	if (f->first_line == 0 || line < f->first_line)
		f->first_line = line;
	if (line > f->last_line)
		f->last_line = line;
}

static void self_cost(struct reader *r, uint64_t line)
{
	struct pfile *file = r->file;

	if (r->fn == NULL) {
		warn_into_at(&r->p->warnings, r->in->path, r->in->lineno,
			     "cost line before any fn= line, ignoring");
		return;
	}
	if (!r->fn->listed)
		profile_list_func(r->p, r->fn);
	check_magnitude(r);
	add_counts(r, r->fn->self);
	/* Only needed for a part without a total of its own. */
	if (!r->part_has_summary)
		add_counts(r, lazy_cost(r, &r->part->self_sum));
	if (file != NULL && file->annotatable) {
		struct line_entry *e = linetab_get(&file->lines, line);

		add_cells(r, lazy_cells(r, &e->cost));
		note_line(r, file, line);
	}
	if (r->p->keep_func_lines)
		add_cells(r, lazy_cells(r, &func_line(r, line)->cost));
	if (r->p->keep_instr)
		instr_self_cost(r, line);
}

/* The call being read, made from LINE of table T (whose entry is E): a
 * source line or an instruction. */
static void record_call_site(struct reader *r, const struct linetab *t, uint64_t line,
			     struct line_entry *e)
{
	struct call_site *s = profile_call_site(r->p, t, line, e, r->fn, r->callee);

	s->count += r->call_count;
	if (!cost_in_range(s->count))
		fail(r, "a sum of call counts does not fit in 64 bits");
	add_cells(r, s->cost);
}

static void call_cost(struct reader *r, uint64_t line)
{
	struct edge *e;

	r->call_pending = false;
	if (r->fn == NULL) {
		warn_into_at(&r->p->warnings, r->in->path, r->in->lineno,
			     "call before any fn= line, ignoring");
		return;
	}
	if (!r->fn->listed)
		profile_list_func(r->p, r->fn);
	e = profile_edge(r->p, r->fn, r->callee);
	if (!cells_add(&r->p->spill, &e->cells[r->p->nevents], &r->call_count, 1))
		fail(r, "a sum of call counts does not fit in 64 bits");
	add_cells(r, e->cells);
	add_counts(r, lazy_cost(r, &r->callee->called));
	add_counts(r, lazy_cost(r, &r->fn->outgoing));
	if (r->file != NULL && r->file->annotatable) {
		record_call_site(r, &r->file->lines, line, linetab_get(&r->file->lines, line));
		note_line(r, r->file, line);
	}
	if (r->p->keep_func_lines) {
		struct line_entry *le = func_line(r, line);

		record_call_site(r, &r->fn->lines->lines, line, le);
	}
	if (r->p->keep_instr) {
		struct instr_info *info;
		struct code *c;
		struct line_entry *ie = current_instr(r, line, &info, &c);

		if (ie != NULL)
			record_call_site(r, &c->instrs, ie->line, ie);
	}
}

/* Add the cost line just parsed (positions in prev_pos, counts in counts). */
static void apply_cost_line(struct reader *r)
{
	uint64_t line = r->line_pos >= 0 ? r->prev_pos[r->line_pos] : 0;

	if (r->p->negate)
		for (size_t i = 0; i < r->ncounts; i++)
			if (r->counts[i] != COST_ABSENT)
				r->counts[i] = -r->counts[i];
	if (r->call_pending)
		call_cost(r, line);
	else
		self_cost(r, line);
}

/* A cost line, any that the format allows; cost_line_fast reads most. */
static void cost_line(struct reader *r, const char *s, const char *end)
{
	const char *p = s;

	if (r->skip)
		return;
	for (size_t k = 0; k < r->npos; k++) {
		p = skip_space(p, end);
		if (!parse_position(&p, end, r->prev_pos[k], &r->prev_pos[k])) {
			malformed(r, "", s, (size_t)(end - s));
			return;
		}
	}
	if (!parse_counts(r, p, end, r->counts, &r->ncounts)) {
		malformed(r, "", s, (size_t)(end - s));
		return;
	}
	apply_cost_line(r);
}

/* --- the fast path -------------------------------------------------------
 *
 * Most lines of a profile are cost lines of a few short decimal numbers:
 * "+3 * 120 40", "0x4a1c20 0 7".  cost_line_fast reads those in one pass
 * up to the newline (no search for the line's end first), numbers 8 digits
 * at a time, into locals; anything else it leaves, before changing any
 * state, to read_line and cost_line, which know every form and every
 * error.  It relies on input_lines: every line ends in a newline, and a
 * few bytes after the last one may be read. */

/* Positions a cost line has at most for the fast path. */
#define FAST_POS_MAX 4

/* One position column at P, as parse_position reads it; NULL to leave it
 * to parse_position. */
static inline const char *fast_position(const char *p, uint64_t prev, uint64_t *out)
{
	uint64_t v;

	switch (*p) {
	case '*':
		*out = prev;
		return p + 1;
	case '+':
		p = number_scan(p + 1, &v);
		return p && !__builtin_add_overflow(prev, v, out) ? p : NULL;
	case '-':
		p = number_scan(p + 1, &v);
		return p && !__builtin_sub_overflow(prev, v, out) ? p : NULL;
	case '0':
		if ((p[1] | 0x20) == 'x')
			return number_scan_hex(p + 2, out);
		/* fall through */
	default:
		return number_scan(p, out);
	}
}

/* Whether self cost lines may have their counts summed before they are
 * added (by add_self_fast, or in the read-ahead thread's runs): lines of
 * a function, positive counts only (plain_counts), no per-file line data. */
static bool self_sums_ok(const struct reader *r)
{
	return r->plain_counts && !r->call_pending && r->fn != NULL &&
	       (r->file == NULL || !r->file->annotatable);
}



/* The lines of another function begin. */
static void start_self(struct reader *r)
{
	flush_self(r);
	r->acc_fn = r->fn;
	if (!r->fn->listed)
		profile_list_func(r->p, r->fn);
}

/* self_cost for the N counts U of a line that self_sums_ok allows. */
static inline __attribute__((always_inline)) void
add_self_fast(struct reader *r, const uint64_t *u, size_t n)
{
	uint64_t *m = r->p->magnitude[0], *acc = r->acc;

	if (r->fn != r->acc_fn)
		start_self(r);
	for (size_t i = 0; i < n; i++) {
		if (__builtin_add_overflow(m[i], u[i], &m[i]))
			magnitude_overflow(r, i);
		acc[i] += u[i];
	}
	if (n > r->acc_n)
		r->acc_n = n;
}

/* The N counts U of the self cost line just read to the current
 * function's entry of its line (keep_func_lines). */
static void func_line_fast(struct reader *r, const uint64_t *u, size_t n)
{
	uint64_t line = r->line_pos >= 0 ? r->prev_pos[r->line_pos] : 0;

	for (size_t i = 0; i < n; i++)
		r->counts[i] = (cost_t)u[i];
	r->ncounts = n;
	add_cells(r, lazy_cells(r, &func_line(r, line)->cost));
}

/* Whether bytes [A, B) of a short line are all digits, as DIGIT says. */
static inline bool all_digits(uint32_t digit, unsigned a, unsigned b)
{
	return ((~digit >> a) & ((1u << (b - a)) - 1)) == 0;
}

/* A position column of a short line: bytes [A, B) of S, a token of the
 * forms fast_position reads, numbers of at most 8 digits (16 in
 * hexadecimal).  Returns false if it is none of them. */
static inline __attribute__((always_inline)) bool
short_position(const char *s, unsigned a, unsigned b, uint32_t digit,
				  uint64_t prev, uint64_t *out)
{
	const char *p = s + a;
	unsigned len = b - a;
	uint64_t v;

	switch (*p) {
	case '*':
		*out = prev;
		return len == 1;
	case '+':
	case '-':
		if (len < 2 || len > 9 || !all_digits(digit, a + 1, b))
			return false;
		v = number_value_at(p + 1, len - 1);
		return *p == '+' ? !__builtin_add_overflow(prev, v, out)
				 : !__builtin_sub_overflow(prev, v, out);
	default:
		if (len > 2 && p[0] == '0' && (p[1] | 0x20) == 'x')
			return number_scan_hex(p + 2, out) == s + b;
		if (len > 8 || !all_digits(digit, a, b))
			return false;
		*out = number_value_at(p, len);
		return true;
	}
}

/* The usual cost line, shorter than 16 bytes with its newline, read from
 * the masks of those bytes (see read-number.h): NPOS positions and up to
 * nraw decimal counts, each after one blank, maybe one blank at the end.
 * The counts go to ucounts, how many to *NCOUNTS, the positions to
 * prev_pos; returns what follows the line, or NULL (nothing changed) if
 * the line is not of that form. */
static inline __attribute__((always_inline)) const char *
short_line(struct reader *r, const char *s, size_t npos, size_t *ncounts)
{
	struct number_masks m = number_masks16(s);
	uint64_t pos[FAST_POS_MAX], *u = r->ucounts;
	uint32_t in, blank, starts;
	unsigned len, end, a, b;
	size_t n = 0, nev = r->p->nraw;

	if (m.newline == 0)
		return NULL;
	len = end = (unsigned)__builtin_ctz(m.newline);
	in = (1u << len) - 1;
	blank = m.blank & in;
	/* Tokens: the runs of other bytes between single blanks, one more
	 * maybe at the end.  The line starts with one (read_lines checks
	 * is_cost_start). */
	if (blank & blank >> 1)
		return NULL;
	if (blank >> (len - 1) & 1) {
		len--;
		in >>= 1;
		blank &= in;
	}
	starts = in & ~blank & (blank << 1 | 1);
	for (size_t k = 0; k < npos; k++) {
		if (starts == 0)
			return NULL;
		a = (unsigned)__builtin_ctz(starts);
		starts &= starts - 1;
		b = starts ? (unsigned)__builtin_ctz(starts) - 1 : len;
		if (!short_position(s, a, b, m.digit, r->prev_pos[k], &pos[k]))
			return NULL;
	}
	/* Counts: nothing but digits from the first one on. */
	if (starts != 0 && (in & ~blank & ~m.digit) >> __builtin_ctz(starts) != 0)
		return NULL;
	while (starts != 0) {
		a = (unsigned)__builtin_ctz(starts);
		starts &= starts - 1;
		b = starts ? (unsigned)__builtin_ctz(starts) - 1 : len;
		if (n == nev)
			return NULL;
		if (b - a <= 8)
			u[n] = number_value_at(s + a, b - a);
		else if (number_scan(s + a, &u[n]) != s + b)
			return NULL;
		n++;
	}
	for (size_t k = 0; k < npos; k++)
		r->prev_pos[k] = pos[k];
	*ncounts = n;
	return s + end + 1;
}

/* Any other cost line that the fast path reads: NPOS positions and up to
 * nraw decimal counts of up to 16 digits between blanks, of any length;
 * as short_line. */
static inline __attribute__((always_inline)) const char *
long_line(struct reader *r, const char *s, size_t npos, size_t *ncounts)
{
	const char *p = s;
	uint64_t *pos = r->prev_pos, old[FAST_POS_MAX], *u = r->ucounts;
	size_t n = 0, nev = r->p->nraw;

	/* Positions move in place, and back if the line is left to cost_line
	 * (a copy of them instead makes the loads of the copy wait for its
	 * stores). */
	for (size_t k = 0; k < npos; k++)
		old[k] = pos[k];
	for (size_t k = 0; k < npos; k++) {
		if (k > 0) {
			if (!is_space(*p))
				goto other;
			while (is_space(*p))
				p++;
		}
		p = fast_position(p, pos[k], &pos[k]);
		if (p == NULL)
			goto other;
	}
	/* Counts: after each position or count a blank or the newline. */
	for (;;) {
		if (*p == ' ' && is_digit(p[1])) {
			p++;        /* the usual: one blank, a number */
		} else {
			if (*p == '\n')
				break;
			if (!is_space(*p))
				goto other;
			while (is_space(*p))
				p++;
			if (*p == '\n')
				break;
		}
		if (n == nev || (p = number_scan(p, &u[n])) == NULL)
			goto other;
		n++;
	}
	*ncounts = n;
	return p + 1;
other:
	for (size_t k = 0; k < npos; k++)
		pos[k] = old[k];
	return NULL;
}

/* The cost line at S, up to and including its newline, with NPOS
 * positions; returns what follows, or NULL (nothing changed) if cost_line
 * must read it.  Inlined for each usual NPOS, which unrolls the loops over
 * the positions. */
static inline __attribute__((always_inline)) const char *
fast_line(struct reader *r, const char *s, size_t npos)
{
	uint64_t *u = r->ucounts;
	size_t n, nev = r->p->nraw;
	const char *next = short_line(r, s, npos, &n);

	if (next == NULL && (next = long_line(r, s, npos, &n)) == NULL)
		return NULL;
	r->in->lineno++;
	r->in_body = true;
	if (self_sums_ok(r)) {
		add_self_fast(r, u, n);
		if (r->p->keep_func_lines)
			func_line_fast(r, u, n);
		return next;
	}
	for (size_t i = 0; i < n; i++)
		r->counts[i] = (cost_t)u[i];
	r->ncounts = n;
	if (r->p->nderived > 0) {
		for (; n < nev; n++)
			r->counts[n] = COST_ABSENT;
		derive_counts(r, r->counts);
		r->ncounts = r->p->nevents;
	}
	r->plain = r->plain_counts ? u : NULL;
	apply_cost_line(r);
	r->plain = NULL;
	return next;
}

static const char *cost_line_fast(struct reader *r, const char *s)
{
	switch (r->npos) {
	case 1:
		return fast_line(r, s, 1);
	case 2:
		return fast_line(r, s, 2);
	default:
		return r->npos <= FAST_POS_MAX ? fast_line(r, s, r->npos) : NULL;
	}
}

static void on_fn(struct reader *r, const char *v, const char *end)
{
	struct name_ref ref = parse_name(v, end);
	const char *name = resolve_ref(r, &r->fns, profile_func_name, NULL, ref, v, end);
	struct func *f;

	if (r->skip)
		return;
	if (r->file == NULL)
		r->file = no_file(r);
	f = lookup_by_id(r, ref.has_id, ref.id, r->file, name);
	profile_list_func(r->p, f);
	r->fn = f;
	f->object = r->obj;
	r->fn_name = name;
	r->host = f;
}

/* fi=/fe=: code inlined from another file, within the current function. */
static void on_inline_file(struct reader *r, const char *v, const char *end)
{
	struct func *f;

	r->file = resolve_file(r, v, end);
	r->file->defined = true;
	if (r->fn_name == NULL || r->skip)
		return;
	/* Listed only once a cost or call arrives: writers such as
	 * pyprof2calltree put fi= right before the next fn=. */
	f = lookup_func(r, r->file, r->fn_name);
	r->fn = f;
	if (f != r->host && f->host == NULL)
		f->host = r->host;
}

static void on_calls(struct reader *r, const char *v, const char *end, const char *line, size_t len)
{
	const char *p = v;
	uint64_t count;

	if (r->skip)
		return;
	if (!parse_uint(&p, end, &count) || (p < end && !is_space(*p))) {
		if (*v != '-' && is_big_number(v, end))
			fail_big(r, "call count", v, end);
		malformed(r, "", line, len);
		return;
	}
	if (r->call_file == NULL && r->call_name == NULL && r->last_callee != NULL) {
		r->callee = r->last_callee;
	} else {
		const char *name = r->call_name ? r->call_name : r->last_call_name;
		struct pfile *file = r->call_file ? r->call_file : r->file;

		if (name == NULL) {
			warn_into_at(&r->p->warnings, r->in->path, r->in->lineno,
				     "calls= line without a cfn= line, ignoring the call");
			r->callee = NULL;
			r->call_pending = false;
			return;
		}
		r->callee = lookup_by_id(r, r->call_name != NULL && r->call_by_id, r->call_id,
					 file ? file : no_file(r), name);
	}
	r->last_callee = r->callee;
	r->last_call_name = r->callee->key.name;
	r->call_file = NULL;
	r->call_name = NULL;
	r->call_pending = true;
	r->call_count = r->p->negate ? -(cost_t)count : (cost_t)count;
}

/* "key=value" lines; returns false if the key is unknown. */
static bool assignment(struct reader *r, const char *s, const char *end)
{
	const char *eq = memchr(s, '=', (size_t)(end - s));
	const char *v;
	size_t klen;

	if (eq == NULL)
		return false;
	klen = (size_t)(eq - s);
	v = eq + 1;
#define KEY(k) (klen == sizeof(k) - 1 && memcmp(s, k, klen) == 0)
	if (KEY("fn")) {
		on_fn(r, v, end);
	} else if (KEY("fl")) {
		r->file = resolve_file(r, v, end);
		r->file->defined = true;
	} else if (KEY("fi") || KEY("fe")) {
		on_inline_file(r, v, end);
	} else if (KEY("ob")) {
		r->obj = resolve_object(r, v, end);
	} else if (KEY("cob")) {
		resolve_object(r, v, end);
	} else if (KEY("cfi") || KEY("cfl")) {
		r->call_file = resolve_file(r, v, end);
	} else if (KEY("cfn")) {
		struct name_ref ref = parse_name(v, end);

		r->call_name = resolve_ref(r, &r->fns, profile_func_name, NULL, ref, v, end);
		r->call_by_id = ref.has_id;
		r->call_id = ref.id;
	} else if (KEY("calls")) {
		on_calls(r, v, end, s, (size_t)(end - s));
	} else if (KEY("jfi")) {
		r->jump_file = resolve_file(r, v, end);
	} else if (KEY("jfn")) {
		r->jump_name = resolve_string(r, &r->fns, profile_func_name, NULL, v, end);
	} else if (KEY("jump") || KEY("jcnd")) {
		/* Off the common path: only the machine-code view uses them. */
		if (r->p->keep_instr)
			on_jump(r, KEY("jcnd"), v, end, s, (size_t)(end - s));
	} else {
		return false;
	}
#undef KEY
	return true;
}

static bool is_cost_start(char c)
{
	return is_digit(c) || c == '+' || c == '-' || c == '*';
}

static void body_line(struct reader *r, const char *s, const char *end)
{
	bool was_pending = r->call_pending;

	if (!r->events_final)
		finalize_events(r);
	if (is_cost_start(*s)) {
		cost_line(r, s, end);
		r->in_body = true;
		return;
	}
	if (was_pending)
		drop_pending_call(r);
	if (r->jump_pending)
		drop_pending_jump(r);
	if (assignment(r, s, end))
		r->in_body = true;
	else
		malformed(r, "", s, (size_t)(end - s));
}

/* The line [S, S + LEN), without its line end; NUL says whether it has a
 * NUL byte. */
static void read_line(struct reader *r, const char *s, size_t len, bool nul)
{
	const char *end = s + len;
	const char *value;
	enum header_key k;

	if (len == 0 || *s == '#' || skip_space(s, end) == end)
		return;
	/* Names are C strings from here on: a NUL would cut one short.  No
	 * writer puts NULs in a profile; a damaged file (a crash while
	 * writing) has runs of them. */
	if (!is_cost_start(*s) && nul && !r->recognised)
		die_at(r->in->path, r->in->lineno, "not a Callgrind profile: binary data (a NUL byte) "
		       "before any line of the format");
	if (!is_cost_start(*s) && nul)
		die_at(r->in->path, r->in->lineno, "NUL byte in a line of names or headers");
	if (r->seen_events && is_cost_start(*s)) {
		body_line(r, s, end);
		return;
	}
	k = header_key(s, end, &value);
	if (k != H_NONE && k != H_SUMMARY && k != H_TOTALS) {
		if (r->in_body) {
			drop_pending_call(r);
			drop_pending_jump(r);
			start_part(r);
		}
		header_line(r, k, value, end, s, len);
		return;
	}
	if (k != H_NONE) {
		header_line(r, k, value, end, s, len);
		return;
	}
	if (!r->seen_events) {
		malformed(r, "header ", s, len);
		return;
	}
	body_line(r, s, end);
}

/* The lines [P, END), END following a newline. */
static void read_lines(struct reader *r, const char *p, const char *end)
{
	while (p < end) {
		const char *nl, *next;
		size_t len;
		bool nul = false;

		if (is_cost_start(*p) && r->events_final && !r->skip &&
		    (next = cost_line_fast(r, p)) != NULL) {
			p = next;
			continue;
		}
		nl = number_line_end(p, &nul);
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		r->in->lineno++;
		read_line(r, p, len, nul);
		p = nl + 1;
	}
}

/* --- runs summed by the read-ahead thread ------------------------------- */

/* Whether the positions of RUN, from where they are, stay within the 64
 * bits the reader checks each line's against. */
static bool run_positions_fit(const struct reader *r, const struct ahead_run *run)
{
	for (size_t k = 0; k < run->npos; k++) {
		const struct ahead_pos *q = &run->pos[k];
		__int128 base = r->prev_pos[k];

		if (base + q->low < 0 || base + q->high > (__int128)UINT64_MAX)
			return false;
	}
	return true;
}

/* Whether RUN's self cost lines may be added as its sums: as summed
 * lines may be, and where each function's lines are kept, when they are
 * all at one line of source, whose entry then takes the sums. */
static bool run_self_ok(const struct reader *r, const struct ahead_run *run)
{
	if (!self_sums_ok(r))
		return false;
	return !r->p->keep_func_lines || r->line_pos < 0 || !run->pos[r->line_pos].varies;
}

/* The sums of RUN to the current function's entry of the line all its
 * lines are at (run_self_ok), with the least address among them, as they
 * would have been added one by one; positions as they were before RUN. */
static void run_func_line(struct reader *r, const struct ahead_run *run, const uint64_t *sums)
{
	uint64_t line = 0, addr = FUNC_LINES_NO_ADDRESS;
	struct line_entry *e;

	if (r->line_pos >= 0) {
		const struct ahead_pos *q = &run->pos[r->line_pos];

		line = q->absolute ? q->value
				   : (uint64_t)((__int128)r->prev_pos[r->line_pos] + q->delta);
	}
	if (r->instr_pos >= 0) {
		const struct ahead_pos *q = &run->pos[r->instr_pos];

		if (q->seen_delta)
			addr = (uint64_t)((__int128)r->prev_pos[r->instr_pos] + q->least_delta);
		if (q->seen_value && q->least_value < addr)
			addr = q->least_value;
	}
	e = func_lines_at(&r->fn->lines, &r->p->arena, line, addr);
	for (size_t i = 0; i < run->maxn; i++)
		r->counts[i] = (cost_t)sums[i];
	r->ncounts = run->maxn;
	add_cells(r, lazy_cells(r, &e->cost));
}

/* Add RUN's sums as its lines would have been added one by one, if the
 * reader is in the state the thread assumed (see read-ahead.h); false if
 * not, and nothing is changed. */
static bool apply_run(struct reader *r, const struct ahead_run *run, const uint64_t *sums)
{
	uint64_t *m = r->p->magnitude[0];

	if (!r->events_final || r->skip || !r->plain_counts || r->call_pending ||
	    r->npos != run->npos || r->p->nraw != run->nraw ||
	    (run->ncost > 0 && !run_self_ok(r, run)) || !run_positions_fit(r, run))
		return false;
	/* A sum past 64 bits is left to the lines, to name the one. */
	for (size_t i = 0; i < run->maxn; i++) {
		uint64_t sum;

		if (__builtin_add_overflow(m[i], sums[i], &sum))
			return false;
	}
	if (run->ncost > 0) {
		if (r->fn != r->acc_fn)
			start_self(r);
		if (r->p->keep_func_lines)
			run_func_line(r, run, sums);
		for (size_t i = 0; i < run->maxn; i++) {
			m[i] += sums[i];
			r->acc[i] += sums[i];
		}
		if (run->maxn > r->acc_n)
			r->acc_n = run->maxn;
	}
	for (size_t k = 0; k < run->npos; k++)
		r->prev_pos[k] = run->pos[k].absolute ? run->pos[k].value
			       : (uint64_t)((__int128)r->prev_pos[k] + run->pos[k].delta);
	r->in->lineno += run->nlines;
	r->in_body = true;
	return true;
}

/* Read block B; returns whether the thread's sums served: that most of
 * its runs could be applied. */
static bool read_block(struct reader *r, const struct ahead_block *b)
{
	size_t applied = 0;

	for (size_t i = 0; i < b->nitems; i++) {
		const struct ahead_item *it = &b->items[i];

		if (it->run != NULL && apply_run(r, it->run, b->sums + it->run->sums))
			applied++;
		else
			read_lines(r, it->start, it->end);
	}
	return 2 * applied >= b->nruns;
}

void callgrind_read(struct profile *p, struct input *in)
{
	struct reader r;
	const char *lines, *end;
	struct ahead *ahead = ahead_start(in);

	memset(&r, 0, sizeof(r));
	r.p = p;
	r.in = in;
	r.obj = "";
	r.first_profile = p->nparts == 0;
	start_part(&r);
	if (ahead != NULL) {
		struct ahead_block *b;

		while ((b = ahead_next(ahead)) != NULL) {
			if (!read_block(&r, b))
				ahead_stop(ahead);
			ahead_done(ahead, b);
		}
		ahead_finish(ahead);
	}
	while (input_lines(r.in, &lines, &end))
		read_lines(&r, lines, end);
	flush_self(&r);
	if (r.call_pending)
		warn_into_at(&p->warnings, in->path, r.in->lineno,
			     "calls= line at the end of the file, ignoring the call");
	if (r.jump_pending)
		warn_into_at(&p->warnings, in->path, r.in->lineno,
			     "jump line at the end of the file, ignoring the jump");
	if (r.in->lineno == 0)
		die(EXIT_INPUT, "%s: empty file", in->path);
	/* The malformed lines of a file without a line of the format would
	 * only repeat what the error says. */
	forget_held(&r);
	if (!r.seen_events)
		die(EXIT_INPUT, "%s: no events: line; not a Callgrind profile", in->path);
	finalize_events(&r);
	if (in->cut_line)
		warn_into_at(&p->warnings, in->path, r.in->lineno,
			     "the file ends in the middle of a line; the profile may be truncated");
	check_part(&r, true);
	for (size_t i = 0; i < p->nwant_parts; i++)
		if (p->want_parts[i] > r.part_number)
			usage_error("%s has %zu part%s; there is no part %lu", in->path,
			    r.part_number, r.part_number == 1 ? "" : "s", p->want_parts[i]);
	header_desc(&r);
	free(r.descs);
	idmap_release(&r.files);
	idmap_release(&r.fns);
	idmap_release(&r.objs);
	free(r.prev_pos);
	free(r.part_magnitude[0]);
	free(r.part_magnitude[1]);
	free(r.counts);
	free(r.ucounts);
	free(r.acc);
}
