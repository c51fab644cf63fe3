#include "model-profile.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "model-rename.h"

/* An interned string: every name of a profile, and the list of functions
 * of that name, which answers the lookups of functions by (file, name)
 * without a table of its own: a name nearly always stands for one
 * function, or two when code is inlined from a header. */
struct interned {
	struct func *funcs;        /* the functions of this name, the one found last first */
	size_t len;
	char s[];
};

/* The interned strings by content: open addressing, with each string's
 * hash beside it so that a probe reads no string but the one it finds.
 * Most names are looked up once (the compression ids stand for them
 * afterwards), many of them long C++ names: one hash each. */
struct strtab_slot {
	unsigned hash;
	struct interned *in;       /* NULL: a free slot */
};

struct strtab {
	struct strtab_slot *slots;
	size_t mask;               /* slots less one */
	size_t count;
};

void profile_init(struct profile *p, const char *path)
{
	memset(p, 0, sizeof(*p));
	arena_init(&p->arena);
	arena_init(&p->edge_arena);
	p->strings = xcalloc(1, sizeof(*p->strings));
	cell_spill_init(&p->spill);
	p->path = path;
	p->creator = p->cmd = "";
	p->strip_prefix = "";
}

void profile_release(struct profile *p)
{
	struct pfile *f, *ftmp;

	HASH_ITER(hh, p->files, f, ftmp) {
		HASH_DEL(p->files, f);
		linetab_release(&f->lines);
	}
	warnings_release(&p->warnings);
	for (size_t i = 0; i < p->nfuncs; i++) {
		code_release(p->func_list[i]->code);
		func_lines_release(p->func_list[i]->lines);
	}
	/* The entries live in the arena: only the tables go. */
	HASH_CLEAR(hh, p->edges);
	HASH_CLEAR(hh, p->sites);
	if (p->strings != NULL)
		free(p->strings->slots);
	free(p->strings);
	free(p->func_list);
	free(p->desc);
	free(p->events);
	free(p->event_defs);
	free(p->parts);
	free(p->cycles);
	for (size_t i = 0; i < p->nderived; i++) {
		free(p->derived[i].index);
		free(p->derived[i].coef);
	}
	free(p->derived);
	free(p->magnitude[0]);
	free(p->magnitude[1]);
	cell_spill_release(&p->spill);
	arena_release(&p->arena);
	arena_release(&p->edge_arena);
	memset(p, 0, sizeof(*p));
}

/* The slot of the string S[0..LEN) of hash H in T, or the free one where
 * it goes. */
static struct strtab_slot *strtab_place(const struct strtab *t, const char *s, size_t len,
					unsigned h)
{
	size_t i = h & t->mask;

	for (;; i = (i + 1) & t->mask) {
		struct strtab_slot *e = &t->slots[i];

		if (e->in == NULL ||
		    (e->hash == h && e->in->len == len && memcmp(e->in->s, s, len) == 0))
			return e;
	}
}

/* Double T's slots (or make the first ones). */
static void strtab_grow(struct strtab *t)
{
	struct strtab_slot *old = t->slots;
	size_t nold = old ? t->mask + 1 : 0, n = nold ? 2 * nold : 1024;

	t->slots = xcalloc_written(n, sizeof(*t->slots));
	t->mask = n - 1;
	for (size_t i = 0; i < nold; i++)
		if (old[i].in != NULL)
			*strtab_place(t, old[i].in->s, old[i].in->len, old[i].hash) = old[i];
	free(old);
}

const char *profile_intern(struct profile *p, const char *s, size_t len)
{
	struct strtab *t = p->strings;
	unsigned h = cga_hash(s, len);
	struct strtab_slot *e;
	struct interned *in;

	/* At most half full: a probe seldom goes past a second slot. */
	if (2 * (t->count + 1) > t->mask)
		strtab_grow(t);
	e = strtab_place(t, s, len, h);
	if (e->in != NULL)
		return e->in->s;
	in = arena_alloc(&p->arena, sizeof(*in) + len + 1);
	in->funcs = NULL;
	in->len = len;
	memcpy(in->s, s, len);
	in->s[len] = '\0';
	e->hash = h;
	e->in = in;
	t->count++;
	return in->s;
}

static bool source_found(const struct profile *p, const char *name)
{
	for (size_t i = 0; i < p->nsource_dirs; i++) {
		char *path = xasprintf("%s%s", p->source_dirs[i], name);
		bool ok = access(path, R_OK) == 0;

		free(path);
		if (ok)
			return true;
	}
	return false;
}

static bool wants_lines(const struct profile *p, const char *name)
{
	/* Per-line data is most of the reader's work and memory: none for
	 * the files whose source cannot be shown anyway. */
	if (p->annotate_all)
		return p->source_dirs == NULL || source_found(p, name);
	for (size_t i = 0; i < p->nannotate_names; i++)
		if (strcmp(p->annotate_names[i], name) == 0)
			return true;
	return false;
}

static struct pfile *find_or_add_file(struct profile *p, const char *name, size_t len)
{
	size_t plen = strlen(p->strip_prefix);
	struct pfile *f;

	if (plen > 0 && len >= plen && memcmp(name, p->strip_prefix, plen) == 0) {
		name += plen;
		len -= plen;
	}
	HASH_FIND(hh, p->files, name, len, f);
	if (f != NULL)
		return f;
	f = arena_alloc(&p->arena, sizeof(*f));
	memset(f, 0, sizeof(*f));
	f->name = profile_intern(p, name, len);
	f->annotatable = wants_lines(p, f->name);
	linetab_init(&f->lines);
	HASH_ADD_KEYPTR(hh, p->files, f->name, len, f);
	return f;
}

const char *profile_func_name(struct profile *p, const char *s, size_t len)
{
	size_t newlen;
	char *renamed = rename_apply(p->func_rename, s, len, &newlen);
	const char *name;

	if (renamed == NULL)
		return profile_intern(p, s, len);
	name = profile_intern(p, renamed, newlen);
	free(renamed);
	return name;
}

struct pfile *profile_file(struct profile *p, const char *name, size_t len)
{
	size_t newlen;
	char *renamed = rename_apply(p->file_rename, name, len, &newlen);
	struct pfile *f;

	if (renamed != NULL) {
		name = renamed;
		len = newlen;
	}
	f = find_or_add_file(p, name, len);
	free(renamed);
	return f;
}

static struct interned *interned_of(const char *name)
{
	return (struct interned *)(void *)(name - offsetof(struct interned, s));
}

/* A new function NAME (interned as IN) in FILE. */
static struct func *new_func(struct profile *p, struct pfile *file, struct interned *in)
{
	struct func *f = arena_alloc(&p->arena, sizeof(*f));
	size_t fl = strlen(file->name);
	char *full = arena_alloc(&p->arena, fl + in->len + 2);

	memset(f, 0, sizeof(*f));
	f->key.file = file;
	f->key.name = in->s;
	memcpy(full, file->name, fl);
	full[fl] = ':';
	memcpy(full + fl + 1, in->s, in->len + 1);
	f->fullname = full;
	f->index = p->nfuncs;
	xgrow(&p->func_list, &p->funcs_cap, p->nfuncs + 1, sizeof(*p->func_list));
	p->func_list[p->nfuncs++] = f;
	return f;
}

struct func *profile_func(struct profile *p, struct pfile *file, const char *name)
{
	struct interned *in = interned_of(name);
	struct func **fp = &in->funcs, *f;

	while (*fp != NULL && (*fp)->key.file != file)
		fp = &(*fp)->same_name;
	f = *fp;
	if (f == NULL) {
		f = new_func(p, file, in);
	} else if (f == in->funcs) {
		return f;
	} else {
		*fp = f->same_name;
	}
	/* First in the list: the next lookup of the name is likely for it. */
	f->same_name = in->funcs;
	in->funcs = f;
	return f;
}

void profile_list_func(struct profile *p, struct func *f)
{
	if (f->self == NULL)
		f->self = cost_new(&p->arena, p->nevents);
	f->listed = true;
}

/* Most functions call few others, and the reader looks up the calls of the
 * function it is reading: a scan of the caller's short list stays in cache
 * where a global hash table would miss it.  Callers with many callees also
 * have their edges in the hash table. */
#define EDGE_SCAN_MAX 32

static struct edge *scan_out(const struct func *caller, const struct func *callee)
{
	for (struct edge *e = caller->out; e; e = e->next_out)
		if (e->key.callee == callee)
			return e;
	return NULL;
}

static void index_edge(struct profile *p, struct edge *e)
{
	struct edge_ref *ref = arena_alloc(&p->arena, sizeof(*ref));

	memset(ref, 0, sizeof(*ref));
	ref->key = e->key;
	ref->edge = e;
	HASH_ADD(hh, p->edges, key, sizeof(ref->key), ref);
}

static struct edge *find_edge(const struct profile *p, const struct func *caller,
			      const struct func *callee)
{
	struct edge_key key = { (struct func *)caller, (struct func *)callee };
	struct edge_ref *ref;

	if (caller->nout <= EDGE_SCAN_MAX)
		return scan_out(caller, callee);
	HASH_FIND(hh, p->edges, &key, sizeof(key), ref);
	return ref ? ref->edge : NULL;
}

struct edge *profile_edge(struct profile *p, struct func *caller, struct func *callee)
{
	struct edge *e = find_edge(p, caller, callee);

	if (e != NULL)
		return e;
	e = arena_alloc_aligned(&p->edge_arena, sizeof(*e) + (p->nevents + 1) * sizeof(cell_t),
				_Alignof(struct edge));
	memset(e, 0, sizeof(*e));
	e->key.caller = caller;
	e->key.callee = callee;
	for (size_t k = 0; k < p->nevents; k++)
		e->cells[k] = CELL_ABSENT;
	e->cells[p->nevents] = 0;
	e->next_out = caller->out;
	caller->out = e;
	e->next_in = callee->in;
	callee->in = e;
	caller->nout++;
	if (caller->nout == EDGE_SCAN_MAX + 1) {
		for (struct edge *o = caller->out; o; o = o->next_out)
			index_edge(p, o);
	} else if (caller->nout > EDGE_SCAN_MAX + 1) {
		index_edge(p, e);
	}
	return e;
}

/* A line's call sites are a list in order of first appearance, which is
 * short for nearly every line: it is scanned.  Past its first few sites
 * every site is also in the profile's index, with the list's last. */
#define SITE_SCAN_MAX 16

static struct site_ref *find_site(const struct profile *p, const struct linetab *t,
				  uint64_t line, const struct func *caller,
				  const struct func *callee)
{
	struct site_key key = { t, line, caller, callee };
	struct site_ref *ref;

	HASH_FIND(hh, p->sites, &key, sizeof(key), ref);
	return ref;
}

static struct site_ref *index_site(struct profile *p, const struct linetab *t, uint64_t line,
				   struct call_site *s, bool last)
{
	struct site_ref *ref = arena_alloc(&p->arena, sizeof(*ref));

	memset(ref, 0, sizeof(*ref));
	ref->key.table = t;
	ref->key.line = line;
	ref->key.caller = last ? NULL : s->caller;
	ref->key.callee = last ? NULL : s->callee;
	ref->site = s;
	HASH_ADD(hh, p->sites, key, sizeof(ref->key), ref);
	return ref;
}

struct call_site *profile_call_site(struct profile *p, const struct linetab *t, uint64_t line,
				    struct line_entry *e, struct func *caller, struct func *callee)
{
	struct call_site **sp = &e->sites, *s;
	struct site_ref *last = NULL;
	size_t n;

	for (n = 0; *sp != NULL && n < SITE_SCAN_MAX; n++, sp = &(*sp)->next)
		if ((*sp)->caller == caller && (*sp)->callee == callee)
			return *sp;
	if (*sp != NULL) {
		struct site_ref *ref = find_site(p, t, line, caller, callee);

		if (ref != NULL)
			return ref->site;
		last = find_site(p, t, line, NULL, NULL);
		sp = &last->site->next;
	}
	s = *sp = arena_alloc(&p->arena, sizeof(*s));
	memset(s, 0, sizeof(*s));
	s->caller = caller;
	s->callee = callee;
	s->cost = cells_new(&p->arena, p->nevents);
	if (n == SITE_SCAN_MAX) {
		index_site(p, t, line, s, false);
		if (last == NULL)
			last = index_site(p, t, line, s, true);
		last->site = s;
	}
	return s;
}

/* Exact: each count is at most 2^64-1 in size, and there are fewer than
 * 2^63 edges. */
cost_t profile_times_called(const struct profile *p, const struct func *f)
{
	cost_t n = 0;

	for (const struct edge *e = f->in; e; e = e->next_in)
		n += edge_count(p, e);
	return n;
}

cost_t *edge_cost(const struct profile *p, const struct edge *e, cost_t *out)
{
	return cells_expand(&p->spill, e->cells, out, p->nevents);
}

bool edge_add(struct profile *p, struct edge *e, const cost_t *cost, cost_t count)
{
	bool ok = cells_add(&p->spill, &e->cells[p->nevents], &count, 1);

	return (cost == NULL || cells_add(&p->spill, e->cells, cost, p->nevents)) && ok;
}

const struct edge *profile_find_edge(const struct profile *p, const struct func *caller,
				     const struct func *callee)
{
	return find_edge(p, caller, callee);
}

const char *func_object(const struct func *f)
{
	if ((f->object == NULL || *f->object == '\0') && f->host != NULL)
		f = f->host;
	return f->object != NULL && *f->object != '\0' ? f->object : NULL;
}

/* An entry of a func_index, keyed by the text "file\0name". */
struct func_index_entry {
	const struct func *f;
	UT_hash_handle hh;
	char key[];
};

struct func_index {
	struct func_index_entry *table;
};

static char *func_index_key(const struct func *f, size_t *len)
{
	size_t a = strlen(f->key.file->name), b = strlen(f->key.name);
	char *k = xmalloc(a + b + 2);

	memcpy(k, f->key.file->name, a + 1);
	memcpy(k + a + 1, f->key.name, b + 1);
	*len = a + b + 1;
	return k;
}

struct func_index *func_index_new(const struct profile *p)
{
	struct func_index *x = xcalloc(1, sizeof(*x));

	for (size_t i = 0; i < p->nfuncs; i++) {
		size_t len;
		char *k = func_index_key(p->func_list[i], &len);
		struct func_index_entry *e = xmalloc(sizeof(*e) + len);

		e->f = p->func_list[i];
		memcpy(e->key, k, len);
		HASH_ADD(hh, x->table, key, len, e);
		free(k);
	}
	return x;
}

const struct func *func_index_find(const struct func_index *x, const struct func *f)
{
	size_t len;
	char *k = func_index_key(f, &len);
	struct func_index_entry *e;

	HASH_FIND(hh, x->table, k, len, e);
	free(k);
	return e != NULL ? e->f : NULL;
}

void func_index_free(struct func_index *x)
{
	struct func_index_entry *e, *tmp;

	if (x == NULL)
		return;
	HASH_ITER(hh, x->table, e, tmp) {
		HASH_DEL(x->table, e);
		free(e);
	}
	free(x);
}

struct pfile *profile_find_file(const struct profile *p, const char *name)
{
	struct pfile *f;

	HASH_FIND(hh, p->files, name, strlen(name), f);
	return f;
}

struct func *profile_find_func(const struct profile *p, const char *file, const char *name)
{
	const struct pfile *pf = profile_find_file(p, file);
	size_t len = strlen(name);
	const struct strtab_slot *e;

	if (pf == NULL || p->strings->slots == NULL)
		return NULL;
	e = strtab_place(p->strings, name, len, cga_hash(name, len));
	for (struct func *f = e->in != NULL ? e->in->funcs : NULL; f != NULL; f = f->same_name)
		if (f->key.file == pf && f->index != (size_t)-1)
			return f;
	return NULL;
}

struct part *profile_new_part(struct profile *p, size_t line)
{
	struct part *part;

	p->parts = xreallocarray(p->parts, p->nparts + 1, sizeof(*p->parts));
	part = &p->parts[p->nparts++];
	memset(part, 0, sizeof(*part));
	part->line = line;
	part->cmd = part->pid = part->thread = part->name = "";
	return part;
}

bool profile_is_diff(const struct profile *p)
{
	for (size_t i = 0; i < p->nparts; i++)
		if (p->parts[i].negated)
			return true;
	return false;
}

/* Keep the edges of LIST (linked through NEXT_OUT or NEXT_IN) whose other
 * end is not gone.  Returns how many are left. */
static size_t filter_edges(struct edge **list, bool out, const bool *gone)
{
	size_t n = 0;

	while (*list != NULL) {
		struct edge *e = *list;
		const struct func *other = out ? e->key.callee : e->key.caller;
		struct edge **next = out ? &e->next_out : &e->next_in;

		if (gone[other->index]) {
			*list = *next;
		} else {
			list = next;
			n++;
		}
	}
	return n;
}

void profile_remove_funcs(struct profile *p, const bool *gone)
{
	struct edge_ref *ref, *tmp;
	size_t kept = 0;

	HASH_ITER(hh, p->edges, ref, tmp)
		HASH_DEL(p->edges, ref);
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		if (gone[i]) {
			/* Still found by name, but no function is looked up
			 * once reading is done. */
			code_release(f->code);
			f->code = NULL;
			func_lines_release(f->lines);
			f->lines = NULL;
			continue;
		}
		f->nout = filter_edges(&f->out, true, gone);
		filter_edges(&f->in, false, gone);
		if (f->host != NULL && gone[f->host->index])
			f->host = NULL;   /* the code it was inlined into is gone */
		if (f->nout > EDGE_SCAN_MAX)
			for (struct edge *e = f->out; e; e = e->next_out)
				index_edge(p, e);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		if (gone[i]) {
			f->out = f->in = NULL;
			f->nout = 0;
			f->index = (size_t)-1;   /* in no list: nothing is indexed by it */
			continue;
		}
		f->index = kept;
		p->func_list[kept++] = f;
	}
	p->nfuncs = kept;
}

void edge_set(struct profile *p, struct edge *e, const cost_t *cost, cost_t count)
{
	cells_clear(&p->spill, e->cells, p->nevents + 1);
	if (!edge_add(p, e, cost, count))
		die(EXIT_INPUT, "%s: a call's cost does not fit in 64 bits", p->path);
}

/* The sum of the costs of LIST's edges, or NULL if it has none. */
static cost_t *sum_edges(struct profile *p, const struct edge *list, bool out)
{
	cost_t *sum = NULL, *cost = xmalloc(p->nevents * sizeof(*cost));

	for (const struct edge *e = list; e; e = out ? e->next_out : e->next_in) {
		if (sum == NULL)
			sum = cost_new(&p->arena, p->nevents);
		if (!cost_add(sum, edge_cost(p, e, cost), p->nevents))
			die(EXIT_INPUT, "%s: a sum of call costs does not fit in 64 bits", p->path);
	}
	free(cost);
	return sum;
}

void profile_sum_calls(struct profile *p)
{
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		f->called = sum_edges(p, f->in, false);
		f->outgoing = sum_edges(p, f->out, true);
	}
}

void profile_filter_calls(struct profile *p,
			  bool (*keep)(const struct profile *, const struct edge *, void *), void *arg)
{
	struct edge_ref *ref, *tmp;

	HASH_ITER(hh, p->edges, ref, tmp)
		HASH_DEL(p->edges, ref);
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		for (struct edge **e = &f->in; *e != NULL;)
			if (keep(p, *e, arg))
				e = &(*e)->next_in;
			else
				*e = (*e)->next_in;
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		struct func *f = p->func_list[i];

		f->nout = 0;
		for (struct edge **e = &f->out; *e != NULL;)
			if (keep(p, *e, arg)) {
				e = &(*e)->next_out;
				f->nout++;
			} else {
				*e = (*e)->next_out;
			}
		if (f->nout > EDGE_SCAN_MAX)
			for (struct edge *e = f->out; e; e = e->next_out)
				index_edge(p, e);
	}
}

void profile_remove_calls_from(struct profile *p, struct func *f)
{
	for (struct edge *e = f->out; e; e = e->next_out) {
		struct edge **in = &e->key.callee->in;

		while (*in != e)
			in = &(*in)->next_in;
		*in = e->next_in;
		if (f->nout > EDGE_SCAN_MAX) {
			struct edge_ref *ref;

			HASH_FIND(hh, p->edges, &e->key, sizeof(e->key), ref);
			if (ref != NULL)
				HASH_DEL(p->edges, ref);
		}
	}
	f->out = NULL;
	f->nout = 0;
}
