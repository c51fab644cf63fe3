#include "report-pprof.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-proto.h"
#include "fmt-utf8.h"
#include "model-funclines.h"
#include "xalloc.h"

/* profile.proto's field numbers. */
enum {
	PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE = 2, PROFILE_MAPPING = 3, PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5, PROFILE_STRING_TABLE = 6, PROFILE_COMMENT = 13,
	PROFILE_DEFAULT_SAMPLE_TYPE = 14,
	VALUE_TYPE_TYPE = 1, VALUE_TYPE_UNIT = 2,
	SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE = 2, SAMPLE_LABEL = 3,
	LABEL_KEY = 1, LABEL_STR = 2,
	MAPPING_ID = 1, MAPPING_MEMORY_START = 2, MAPPING_MEMORY_LIMIT = 3, MAPPING_FILENAME = 5,
	MAPPING_HAS_FUNCTIONS = 7, MAPPING_HAS_FILENAMES = 8, MAPPING_HAS_LINE_NUMBERS = 9,
	MAPPING_HAS_INLINE_FRAMES = 10,
	LOCATION_ID = 1, LOCATION_MAPPING_ID = 2, LOCATION_ADDRESS = 3, LOCATION_LINE = 4,
	LINE_FUNCTION_ID = 1, LINE_LINE = 2,
	FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_SYSTEM_NAME = 3, FUNCTION_FILENAME = 4,
};

/* What stands for the costs that the profile's total counts outside the
 * functions' costs. */
static const char outside_name[] = "[costs outside functions]";

/* A table of distinct strings (or pairs of them), each numbered in the
 * order first seen. */
struct names {
	const char **a, **b;
	uint64_t *h;               /* each one's hash */
	size_t n, cap;
	size_t *slot, mask;
};

static uint64_t hash_pair(const char *a, const char *b)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (const char *s = a; s != NULL && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	h = (h ^ 0xff) * 0x100000001b3ULL;
	for (const char *s = b; s != NULL && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h ^ h >> 29;
}

static bool same(const char *x, const char *y)
{
	return x == y || (x != NULL && y != NULL && strcmp(x, y) == 0);
}

static void names_rehash(struct names *t, size_t nslots)
{
	free(t->slot);
	t->slot = xcalloc(nslots, sizeof(*t->slot));
	t->mask = nslots - 1;
	for (size_t i = 0; i < t->n; i++) {
		size_t k = t->h[i] & t->mask;

		while (t->slot[k] != 0)
			k = (k + 1) & t->mask;
		t->slot[k] = i + 1;
	}
}

/* The number of (A, B), whose hash is HASH, added if new. */
static size_t names_get_hashed(struct names *t, const char *a, const char *b, uint64_t hash)
{
	size_t k, cap = t->cap, hcap = t->cap;

	if (t->slot == NULL)
		names_rehash(t, 256);
	for (k = hash & t->mask; t->slot[k] != 0; k = (k + 1) & t->mask)
		if (t->h[t->slot[k] - 1] == hash && same(t->a[t->slot[k] - 1], a) &&
		    same(t->b[t->slot[k] - 1], b))
			return t->slot[k] - 1;
	xgrow(&t->a, &cap, t->n + 1, sizeof(*t->a));
	xgrow(&t->h, &hcap, t->n + 1, sizeof(*t->h));
	xgrow(&t->b, &t->cap, t->n + 1, sizeof(*t->b));
	t->a[t->n] = a;
	t->b[t->n] = b;
	t->h[t->n] = hash;
	t->slot[k] = ++t->n;
	if (2 * t->n > t->mask)
		names_rehash(t, 2 * (t->mask + 1));
	return t->n - 1;
}

/* The number of (A, B), added if new. */
static size_t names_get(struct names *t, const char *a, const char *b)
{
	return names_get_hashed(t, a, b, hash_pair(a, b));
}

static void names_release(struct names *t)
{
	free(t->a);
	free(t->b);
	free(t->h);
	free(t->slot);
}

/* The string table: its strings cleaned to valid UTF-8 without control
 * characters when written. */
static int64_t str(struct names *strings, const char *s)
{
	return (int64_t)names_get(strings, s != NULL ? s : "", NULL);
}

/* What the writer works out before writing: which locations samples
 * use, numbered by how often (the most used get the shortest ids). */
struct plan {
	size_t *loc_id;            /* by location: its id, 0 if unused */
	size_t *order;             /* used locations, by id - 1 */
	size_t nused;
	size_t *mapping_of;        /* by location: its mapping id, 0 for none */
	size_t *func_of;           /* by location: the function ids of its piece and */
	size_t *host_of;           /* host (0: none) */
	struct names objects, funcs;
	uint64_t *low, *high;      /* by mapping id - 1: its addresses */
};

struct use {
	size_t loc;
	uint64_t count;
};

static int use_cmp(const void *a, const void *b)
{
	const struct use *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return (x->loc > y->loc) - (x->loc < y->loc);
}

/* How many samples there are: two for a node with values on both sides
 * of a diff. */
static uint64_t samples_at(const struct samples *s, const struct pprof_meta *m, size_t v)
{
	const int64_t *val;
	uint64_t n = 0;

	if (s->nodes[v].value == SAMPLES_NONE)
		return 0;
	val = s->values + s->nodes[v].value * s->nslots;
	for (size_t side = 0; side < (m->diff ? 2u : 1u); side++)
		for (size_t k = 0; k < m->nevents; k++)
			if (val[side * m->nevents + k] != 0) {
				n++;
				break;
			}
	return n;
}

static void plan_locations(struct plan *pl, const struct samples *s, const struct pprof_meta *m)
{
	uint64_t *below = xcalloc(s->nnodes + 1, sizeof(*below));
	struct use *use = xcalloc(s->nlocs + 1, sizeof(*use));

	for (size_t i = 0; i < s->nlocs; i++)
		use[i].loc = i;
	/* A node's parent was made before it. */
	for (size_t v = s->nnodes; v-- > 0;) {
		below[v] += samples_at(s, m, v);
		use[s->nodes[v].loc].count += below[v];
		if (s->nodes[v].parent != SAMPLES_ROOT)
			below[s->nodes[v].parent] += below[v];
	}
	qsort(use, s->nlocs, sizeof(*use), use_cmp);
	pl->loc_id = xcalloc(s->nlocs + 1, sizeof(*pl->loc_id));
	pl->order = xcalloc(s->nlocs + 1, sizeof(*pl->order));
	for (size_t i = 0; i < s->nlocs && use[i].count > 0; i++) {
		pl->order[pl->nused++] = use[i].loc;
		pl->loc_id[use[i].loc] = pl->nused;
	}
	free(use);
	free(below);
}

/* The mappings: one per object, that of PROGRAM first. */
static void plan_mappings(struct plan *pl, const struct samples *s, const struct pprof_meta *m)
{
	pl->mapping_of = xcalloc(s->nlocs + 1, sizeof(*pl->mapping_of));
	if (m->program != NULL)
		for (size_t k = 0; k < pl->nused; k++) {
			const char *ob = s->locs[pl->order[k]].object, *base;

			if (ob == NULL || *ob == '\0')
				continue;
			base = strrchr(ob, '/');
			if (strcmp(base != NULL ? base + 1 : ob, m->program) == 0) {
				names_get(&pl->objects, ob, NULL);
				break;
			}
		}
	for (size_t k = 0; k < pl->nused; k++) {
		const struct sample_loc *l = &s->locs[pl->order[k]];

		if (l->object != NULL && *l->object != '\0')
			pl->mapping_of[pl->order[k]] = names_get(&pl->objects, l->object, NULL) + 1;
	}
	pl->low = xcalloc(pl->objects.n + 1, sizeof(*pl->low));
	pl->high = xcalloc(pl->objects.n + 1, sizeof(*pl->high));
	for (size_t i = 0; i < pl->objects.n; i++)
		pl->low[i] = UINT64_MAX;
	for (size_t k = 0; k < pl->nused; k++) {
		const struct sample_loc *l = &s->locs[pl->order[k]];
		size_t mi = pl->mapping_of[pl->order[k]];

		if (mi == 0 || l->address == FUNC_LINES_NO_ADDRESS)
			continue;
		if (l->address < pl->low[mi - 1])
			pl->low[mi - 1] = l->address;
		if (l->address >= pl->high[mi - 1])
			pl->high[mi - 1] = l->address + 1;
	}
}

/* The functions: one per piece of code (file and name), numbered as the
 * locations first name them. */
static void plan_functions(struct plan *pl, const struct samples *s)
{
	pl->func_of = xcalloc(s->nlocs + 1, sizeof(*pl->func_of));
	pl->host_of = xcalloc(s->nlocs + 1, sizeof(*pl->host_of));
	for (size_t k = 0; k < pl->nused; k++) {
		const struct sample_loc *l = &s->locs[pl->order[k]];

		pl->func_of[pl->order[k]] = names_get_hashed(&pl->funcs, l->file, l->name,
							     l->piece_hash) + 1;
		if (l->host_name != NULL)
			pl->host_of[pl->order[k]] = names_get_hashed(&pl->funcs, l->host_file,
								     l->host_name, l->host_hash) + 1;
	}
}

static void plan_release(struct plan *pl)
{
	free(pl->loc_id);
	free(pl->order);
	free(pl->mapping_of);
	free(pl->func_of);
	free(pl->host_of);
	free(pl->low);
	free(pl->high);
	names_release(&pl->objects);
	names_release(&pl->funcs);
}

/* --- writing --------------------------------------------------------- */

struct writer {
	struct proto_out *out;
	struct proto top, msg, sub;
	struct names strings;
	uint64_t *ids;             /* a sample's location ids */
	size_t ids_cap;
};

/* Add the message in W->msg to the top level as FIELD; the top level goes
 * out in blocks. */
static void put_message(struct writer *w, unsigned field)
{
	proto_message(&w->top, field, &w->msg);
	w->msg.n = 0;
	if (w->top.n >= (1 << 16))
		proto_out_write(w->out, &w->top);
}

static void write_sample_types(struct writer *w, const struct pprof_meta *m)
{
	for (size_t k = 0; k < m->nevents; k++) {
		proto_uint(&w->msg, VALUE_TYPE_TYPE, (uint64_t)str(&w->strings, m->events[k]));
		proto_uint(&w->msg, VALUE_TYPE_UNIT, (uint64_t)str(&w->strings, "count"));
		put_message(w, PROFILE_SAMPLE_TYPE);
	}
}

/* The sample of node V's values of side SIDE, unless they are all 0. */
static void write_sample(struct writer *w, const struct samples *s, const struct pprof_meta *m,
			 const struct plan *pl, size_t v, size_t nids, size_t side)
{
	const int64_t *val = s->values + s->nodes[v].value * s->nslots + side * m->nevents;
	bool any = false;
	uint64_t vals[64], *vp = m->nevents <= 64 ? vals : xcalloc(m->nevents, sizeof(*vp));

	(void)pl;
	for (size_t k = 0; k < m->nevents; k++) {
		/* OLD's values negated: pprof's diff base. */
		int64_t x = m->diff && side == 0 ? -val[k] : val[k];

		vp[k] = (uint64_t)x;
		any |= x != 0;
	}
	if (any) {
		proto_packed(&w->msg, SAMPLE_LOCATION_ID, w->ids, nids);
		proto_packed(&w->msg, SAMPLE_VALUE, vp, m->nevents);
		if (m->diff && side == 0) {
			proto_uint(&w->sub, LABEL_KEY, (uint64_t)str(&w->strings, "pprof::base"));
			proto_uint(&w->sub, LABEL_STR, (uint64_t)str(&w->strings, "true"));
			proto_message(&w->msg, SAMPLE_LABEL, &w->sub);
			w->sub.n = 0;
		}
		put_message(w, PROFILE_SAMPLE);
	}
	if (vp != vals)
		free(vp);
}

static void write_samples(struct writer *w, const struct samples *s, const struct pprof_meta *m,
			  const struct plan *pl)
{
	for (size_t v = 0; v < s->nnodes; v++) {
		size_t nids = 0;

		if (s->nodes[v].value == SAMPLES_NONE)
			continue;
		for (size_t u = v; u != SAMPLES_ROOT; u = s->nodes[u].parent) {
			xgrow(&w->ids, &w->ids_cap, nids + 1, sizeof(*w->ids));
			w->ids[nids++] = pl->loc_id[s->nodes[u].loc];
		}
		for (size_t side = m->diff ? 2 : 1; side-- > 0;)
			write_sample(w, s, m, pl, v, nids, side);
	}
}

static void write_mappings(struct writer *w, const struct plan *pl)
{
	for (size_t i = 0; i < pl->objects.n; i++) {
		proto_uint(&w->msg, MAPPING_ID, i + 1);
		if (pl->low[i] < pl->high[i]) {
			proto_uint(&w->msg, MAPPING_MEMORY_START, pl->low[i]);
			proto_uint(&w->msg, MAPPING_MEMORY_LIMIT, pl->high[i]);
		}
		proto_uint(&w->msg, MAPPING_FILENAME, (uint64_t)str(&w->strings, pl->objects.a[i]));
		/* All the profile says is there: pprof is not to look for
		 * more in the object (whose load address it does not know). */
		proto_uint(&w->msg, MAPPING_HAS_FUNCTIONS, 1);
		proto_uint(&w->msg, MAPPING_HAS_FILENAMES, 1);
		proto_uint(&w->msg, MAPPING_HAS_LINE_NUMBERS, 1);
		proto_uint(&w->msg, MAPPING_HAS_INLINE_FRAMES, 1);
		put_message(w, PROFILE_MAPPING);
	}
}

static void write_line(struct writer *w, size_t func, uint64_t line)
{
	proto_uint(&w->sub, LINE_FUNCTION_ID, func);
	if (line != 0)
		proto_uint(&w->sub, LINE_LINE, line);
	proto_message(&w->msg, LOCATION_LINE, &w->sub);
	w->sub.n = 0;
}

static void write_locations(struct writer *w, const struct samples *s, const struct plan *pl)
{
	for (size_t k = 0; k < pl->nused; k++) {
		size_t i = pl->order[k];
		const struct sample_loc *l = &s->locs[i];

		proto_uint(&w->msg, LOCATION_ID, k + 1);
		if (pl->mapping_of[i] != 0)
			proto_uint(&w->msg, LOCATION_MAPPING_ID, pl->mapping_of[i]);
		if (l->address != FUNC_LINES_NO_ADDRESS)
			proto_uint(&w->msg, LOCATION_ADDRESS, l->address);
		/* Inlined code first, then the function it is in. */
		write_line(w, pl->func_of[i], l->line);
		if (pl->host_of[i] != 0)
			write_line(w, pl->host_of[i], 0);
		put_message(w, PROFILE_LOCATION);
	}
}

static void write_functions(struct writer *w, const struct plan *pl)
{
	for (size_t i = 0; i < pl->funcs.n; i++) {
		const char *name = pl->funcs.b[i] != NULL ? pl->funcs.b[i] : outside_name;
		int64_t n = str(&w->strings, name);

		proto_uint(&w->msg, FUNCTION_ID, i + 1);
		proto_uint(&w->msg, FUNCTION_NAME, (uint64_t)n);
		proto_uint(&w->msg, FUNCTION_SYSTEM_NAME, (uint64_t)n);
		if (pl->funcs.a[i] != NULL)
			proto_uint(&w->msg, FUNCTION_FILENAME,
				   (uint64_t)str(&w->strings, pl->funcs.a[i]));
		put_message(w, PROFILE_FUNCTION);
	}
}

/* The strings, last: every other field has named its own by then.  pprof
 * reads them as UTF-8 text. */
static void write_strings(struct writer *w)
{
	for (size_t i = 0; i < w->strings.n; i++) {
		char *clean = utf8_clean(w->strings.a[i], "");

		proto_bytes(&w->top, PROFILE_STRING_TABLE, clean, strlen(clean));
		free(clean);
		if (w->top.n >= (1 << 16))
			proto_out_write(w->out, &w->top);
	}
}

void report_pprof(FILE *out, const struct samples *s, const struct pprof_meta *m)
{
	struct writer w;
	struct plan pl;

	memset(&w, 0, sizeof(w));
	memset(&pl, 0, sizeof(pl));
	plan_locations(&pl, s, m);
	plan_mappings(&pl, s, m);
	plan_functions(&pl, s);
	w.out = proto_out_open(out);
	str(&w.strings, "");   /* string 0 is "" */
	write_sample_types(&w, m);
	write_samples(&w, s, m, &pl);
	write_mappings(&w, &pl);
	write_locations(&w, s, &pl);
	write_functions(&w, &pl);
	for (size_t i = 0; i < m->ncomments; i++)
		proto_uint(&w.top, PROFILE_COMMENT, (uint64_t)str(&w.strings, m->comments[i]));
	proto_uint(&w.top, PROFILE_DEFAULT_SAMPLE_TYPE,
		   (uint64_t)str(&w.strings, m->events[m->primary]));
	write_strings(&w);
	proto_out_write(w.out, &w.top);
	proto_out_close(w.out);
	proto_release(&w.top);
	proto_release(&w.msg);
	proto_release(&w.sub);
	names_release(&w.strings);
	free(w.ids);
	plan_release(&pl);
}

/* --- what the comments say ------------------------------------------- */

static void add_comment(char ***v, size_t *n, char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = s;
}

/* "part N of FILE: COMMAND" for each part of P read (a part without a
 * command of its own runs its profile's), SIDE naming it in a diff. */
static void add_parts(char ***v, size_t *n, const struct profile *p, const char *side)
{
	const char *cmd = p->cmd;

	for (size_t i = 0; i < p->nparts; i++) {
		if (*p->parts[i].cmd || p->parts[i].number == 1)
			cmd = p->parts[i].cmd;
		if (p->parts[i].skipped)
			continue;
		add_comment(v, n, xasprintf("%spart %zu of %s:%s%s", side, p->parts[i].number,
					    p->parts[i].path, *cmd == ' ' ? "" : " ", cmd));
	}
}

char **pprof_comments(const struct profile *old, const struct profile *new,
		      const struct options *opt, bool rest, size_t *n)
{
	char **v = NULL;

	*n = 0;
	add_comment(&v, n, xstrdup(
		"Stacks estimated by cgannotate from the call graph: Callgrind records each "
		"function's own cost and each call's, not the stacks. Exact: every function's "
		"flat cost, and the cumulative cost of each function outside cycles of calls "
		"(recursion); estimated: the rest, and which stacks ran which line."));
	if (old != NULL) {
		add_comment(&v, n, xasprintf("OLD: %s (samples labelled pprof::base, negated)",
					     opt->profiles[0]));
		add_comment(&v, n, xasprintf("NEW: %s", opt->profiles[1]));
	}
	if (*new->creator)
		add_comment(&v, n, xasprintf("creator: %s", new->creator));
	if (old != NULL)
		add_parts(&v, n, old, "OLD ");
	add_parts(&v, n, new, old != NULL ? "NEW " : "");
	for (size_t i = 0; i < opt->nfocus; i++)
		add_comment(&v, n, xasprintf("focus: '%s' (only the stacks through a match)",
					     opt->focus[i]));
	if (rest)
		add_comment(&v, n, xasprintf("%s: what the profile's totals count beyond the "
					     "functions' costs", outside_name));
	return v;
}

char *pprof_program(const struct profile *p)
{
	const char *cmd = p->cmd, *end, *base;

	while (*cmd == ' ')
		cmd++;
	end = cmd + strcspn(cmd, " ");
	if (end == cmd)
		return NULL;
	for (base = end; base > cmd && base[-1] != '/'; base--)
		;
	return xstrndup(base, (size_t)(end - base));
}
