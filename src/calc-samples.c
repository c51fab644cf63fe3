#include "calc-samples.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "model-funclines.h"
#include "xalloc.h"

typedef unsigned __int128 wide_t;

/* --- hashing --------------------------------------------------------- */

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h * 0x9e3779b97f4a7c15ULL + 1;
}

uint64_t samples_name_hash(const char *file, const char *name)
{
	uint64_t h = hash_str(hash_str(0xcbf29ce484222325ULL, file), name);

	return h | 1;
}

static uint64_t loc_hash(const struct sample_loc *l)
{
	return mix(l->piece_hash ^ l->host_hash * 0x9e3779b97f4a7c15ULL ^ l->line);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static bool same_loc(const struct sample_loc *a, const struct sample_loc *b)
{
	return a->line == b->line && same_str(a->name, b->name) && same_str(a->file, b->file) &&
	       same_str(a->host_name, b->host_name) && same_str(a->host_file, b->host_file);
}

static uint64_t node_hash(size_t parent, size_t loc)
{
	return mix((uint64_t)(parent + 1) * 0x9e3779b97f4a7c15ULL ^ (uint64_t)loc);
}

/* Slots of an open-addressing table of N entries (index + 1; 0 empty),
 * made twice as many as entries, each entry's hash given by HASH. */
static void rehash(size_t **slots, size_t *mask, size_t n, const struct samples *s,
		   uint64_t (*hash)(const struct samples *, size_t))
{
	size_t nslots = 64;

	while (nslots < 2 * (n + 1))
		nslots *= 2;
	free(*slots);
	*slots = xcalloc(nslots, sizeof(**slots));
	*mask = nslots - 1;
	for (size_t i = 0; i < n; i++) {
		size_t k = hash(s, i) & *mask;

		while ((*slots)[k] != 0)
			k = (k + 1) & *mask;
		(*slots)[k] = i + 1;
	}
}

static uint64_t loc_hash_at(const struct samples *s, size_t i)
{
	return loc_hash(&s->locs[i]);
}

/* The node table's slots hold their node's key, in 32 bits (parent + 1,
 * location, index + 1; 0: empty), so that a probe reads no node and the
 * table is small. */
struct node_slot {
	uint32_t parent, loc, index;
};

static void node_rehash(struct samples *s)
{
	size_t nslots = 64;
	struct node_slot *slots;

	while (nslots < 2 * (s->nnodes + 1))
		nslots *= 2;
	slots = xcalloc(nslots, sizeof(*slots));
	for (size_t i = 0; i < s->nnodes; i++) {
		size_t k = node_hash(s->nodes[i].parent, s->nodes[i].loc) & (nslots - 1);

		while (slots[k].index != 0)
			k = (k + 1) & (nslots - 1);
		slots[k] = (struct node_slot){ (uint32_t)(s->nodes[i].parent + 1),
					       (uint32_t)s->nodes[i].loc, (uint32_t)(i + 1) };
	}
	free(s->node_slots);
	s->node_slots = slots;
	s->node_mask = nslots - 1;
}

void samples_init(struct samples *s, size_t nslots)
{
	memset(s, 0, sizeof(*s));
	s->nslots = nslots;
	rehash(&s->loc_slots, &s->loc_mask, 0, s, loc_hash_at);
	node_rehash(s);
}

void samples_release(struct samples *s)
{
	free(s->locs);
	free(s->nodes);
	free(s->values);
	free(s->loc_slots);
	free(s->node_slots);
	memset(s, 0, sizeof(*s));
}

/* The location L (made if new; its address the lowest of those given). */
static size_t loc_get(struct samples *s, const struct sample_loc *l)
{
	size_t k = loc_hash(l) & s->loc_mask, i;

	for (; s->loc_slots[k] != 0; k = (k + 1) & s->loc_mask) {
		i = s->loc_slots[k] - 1;
		if (same_loc(&s->locs[i], l)) {
			if (l->address < s->locs[i].address)
				s->locs[i].address = l->address;
			return i;
		}
	}
	i = s->nlocs;
	xgrow(&s->locs, &s->locs_cap, i + 1, sizeof(*s->locs));
	s->locs[i] = *l;
	s->nlocs++;
	if (2 * s->nlocs > s->loc_mask)
		rehash(&s->loc_slots, &s->loc_mask, s->nlocs, s, loc_hash_at);
	else
		s->loc_slots[k] = i + 1;
	return i;
}

/* The node of the frame at LOC above node PARENT, made if new. */
static size_t node_get(struct samples *s, size_t parent, size_t loc)
{
	struct node_slot *slot = s->node_slots;
	size_t k = node_hash(parent, loc) & s->node_mask, i;
	uint32_t up = (uint32_t)(parent + 1), at = (uint32_t)loc;

	for (; slot[k].index != 0; k = (k + 1) & s->node_mask)
		if (slot[k].parent == up && slot[k].loc == at)
			return slot[k].index - 1;
	i = s->nnodes;
	if (i >= UINT32_MAX - 1 || loc >= UINT32_MAX)
		die(EXIT_INPUT, "more than 2^32 - 2 frames of samples: too many to write");
	xgrow(&s->nodes, &s->nodes_cap, i + 1, sizeof(*s->nodes));
	s->nodes[i] = (struct sample_node){ parent, loc, SAMPLES_NONE };
	s->nnodes++;
	if (2 * s->nnodes > s->node_mask)
		node_rehash(s);
	else
		slot[k] = (struct node_slot){ up, at, (uint32_t)(i + 1) };
	return i;
}

/* Node V's row of values, made (all 0) if it has none. */
static int64_t *values_of(struct samples *s, size_t v)
{
	if (s->nodes[v].value == SAMPLES_NONE) {
		xgrow(&s->values, &s->values_cap, (s->nvalued + 1) * s->nslots, sizeof(*s->values));
		memset(s->values + s->nvalued * s->nslots, 0, s->nslots * sizeof(*s->values));
		s->nodes[v].value = s->nvalued++;
	}
	return s->values + s->nodes[v].value * s->nslots;
}

void samples_add_rest(struct samples *s, size_t slot, int64_t amount)
{
	struct sample_loc none = { NULL, NULL, NULL, NULL, NULL, 0, FUNC_LINES_NO_ADDRESS,
				   samples_name_hash(NULL, NULL), 0 };

	values_of(s, node_get(s, SAMPLES_ROOT, loc_get(s, &none)))[slot] += amount;
}

/* --- one profile's locations ----------------------------------------- */

/* A line's own cost, or the calls made from it to one function. */
struct src_cost {
	uint64_t pair;             /* calls: the holders of caller and callee (pair_key) */
	size_t loc;
	const cell_t *cells;
};

struct sample_src {
	const struct profile *p;
	const size_t *node;
	size_t *self_first;        /* function h's pieces' lines: */
	struct src_cost *self;     /* self[self_first[h] .. self_first[h + 1]) */
	struct src_cost *calls;    /* every call made from a line */
	size_t ncalls;
	size_t *no_line;           /* by function: its location at no line, or SAMPLES_NONE */
	uint64_t *name_hash;       /* by function: samples_name_hash, 0 until needed */
};

static uint64_t pair_key(size_t caller, size_t callee)
{
	return (uint64_t)caller << 32 ^ (uint64_t)callee;
}

/* Function I's samples_name_hash. */
static uint64_t name_hash(const struct sample_src *src, size_t i)
{
	const struct func *f = src->p->func_list[i];

	if (src->name_hash[i] == 0)
		src->name_hash[i] = samples_name_hash(f->key.file->name, f->key.name);
	return src->name_hash[i];
}

/* The location of LINE (at ADDRESS) of function I. */
static size_t loc_make(struct samples *s, const struct sample_src *src, size_t i, uint64_t line,
		       uint64_t address)
{
	const struct func *f = src->p->func_list[i], *h = src->p->func_list[src->node[i]];
	struct sample_loc l = { f->key.file->name, f->key.name, NULL, NULL, f->object, line,
				address, name_hash(src, i), 0 };

	if (h != f) {
		l.host_file = h->key.file->name;
		l.host_name = h->key.name;
		l.host_hash = name_hash(src, h->index);
	}
	if (l.object == NULL || *l.object == '\0')
		l.object = h->object;
	return loc_get(s, &l);
}

/* The lines of function I: their own costs into SRC's self list, the
 * calls made from them into its calls. */
static void src_lines(struct samples *s, struct sample_src *src, size_t i, size_t *nself,
		      size_t *cap_self, size_t *cap_calls)
{
	const struct profile *p = src->p;
	const struct func_lines *fl = p->func_list[i]->lines;

	for (size_t e = 0; fl != NULL && e < fl->lines.count; e++) {
		const struct line_entry *le = &fl->lines.entries[e];
		size_t loc = loc_make(s, src, i, le->line, fl->low[e]);

		if (le->cost != NULL) {
			xgrow(&src->self, cap_self, *nself + 1, sizeof(*src->self));
			src->self[(*nself)++] = (struct src_cost){ 0, loc, le->cost };
		}
		for (const struct call_site *c = le->sites; c; c = c->next) {
			if (c->callee->index >= p->nfuncs)
				continue;   /* taken out by --hide */
			xgrow(&src->calls, cap_calls, src->ncalls + 1, sizeof(*src->calls));
			src->calls[src->ncalls++] = (struct src_cost){
				pair_key(src->node[i], src->node[c->callee->index]), loc, c->cost };
		}
	}
}

/* The numbers 0 .. N - 1 sorted by their KEY (< NKEYS; SAMPLES_NONE: left
 * out), in order within a key: by[k] for key k at by[first[k] ..
 * first[k + 1]).  Both arrays are new. */
static void group_by(const size_t *key, size_t n, size_t nkeys, size_t **first, size_t **by)
{
	size_t *f = xcalloc(nkeys + 2, sizeof(*f)), *b = xcalloc(n + 1, sizeof(*b)), *fill;

	for (size_t v = 0; v < n; v++)
		if (key[v] != SAMPLES_NONE)
			f[key[v] + 1]++;
	for (size_t k = 0; k < nkeys; k++)
		f[k + 1] += f[k];
	fill = xmalloc((nkeys + 1) * sizeof(*fill));
	memcpy(fill, f, (nkeys + 1) * sizeof(*fill));
	for (size_t v = 0; v < n; v++)
		if (key[v] != SAMPLES_NONE)
			b[fill[key[v]]++] = v;
	free(fill);
	*first = f;
	*by = b;
}

struct sample_src *samples_src_new(struct samples *s, const struct profile *p,
				   const size_t *node)
{
	struct sample_src *src = xcalloc(1, sizeof(*src));
	size_t n = p->nfuncs, *piece_first, *piece, nself = 0, cap_self = 0, cap_calls = 0;

	src->p = p;
	src->node = node;
	src->name_hash = xcalloc(n + 1, sizeof(*src->name_hash));
	/* Function h's pieces (h among them, if it holds itself). */
	group_by(node, n, n, &piece_first, &piece);
	src->self_first = xcalloc(n + 1, sizeof(*src->self_first));
	for (size_t h = 0; h < n; h++) {
		src->self_first[h] = nself;
		for (size_t q = piece_first[h]; q < piece_first[h + 1]; q++)
			src_lines(s, src, piece[q], &nself, &cap_self, &cap_calls);
	}
	src->self_first[n] = nself;
	free(piece_first);
	free(piece);
	src->no_line = xmalloc((n + 1) * sizeof(*src->no_line));
	for (size_t i = 0; i < n; i++)
		src->no_line[i] = SAMPLES_NONE;
	return src;
}

void samples_src_free(struct sample_src *src)
{
	if (src == NULL)
		return;
	free(src->self_first);
	free(src->self);
	free(src->calls);
	free(src->no_line);
	free(src->name_hash);
	free(src);
}

static size_t loc_no_line(struct samples *s, struct sample_src *src, size_t i)
{
	if (src->no_line[i] == SAMPLES_NONE)
		src->no_line[i] = loc_make(s, src, i, 0, FUNC_LINES_NO_ADDRESS);
	return src->no_line[i];
}

/* --- laying frames against lines ------------------------------------- */

/* A cost that a line (its location) gives a group of frames to cover. */
struct item {
	size_t group;
	size_t loc;
	uint64_t cost;
	bool rounded;              /* fit: scaled down and rounded */
};

/* A stretch of a frame placed at a location; AT is where it starts in the
 * row of all stacks. */
struct run {
	size_t frame;
	size_t loc;
	uint64_t amount;
	uint64_t at;
};

struct runs {
	struct run *v;
	size_t n, cap;
};

static void run_add(struct runs *r, size_t frame, size_t loc, uint64_t amount)
{
	if (r->n == r->cap)
		xgrow(&r->v, &r->cap, r->n + 1, sizeof(*r->v));
	r->v[r->n++] = (struct run){ frame, loc, amount, 0 };
}

/* Make the costs of ITEMS (of GROUP) add up to W: as they are, with the
 * rest at location REST as one more item (*NI grows; room was left for
 * it) when they add up to less; else scaled down in proportion, each
 * rounded down and what that leaves one unit each to the first that were
 * rounded. */
static void fit(struct item *items, size_t *ni, wide_t w, size_t group, size_t rest)
{
	wide_t sum = 0, given = 0;
	size_t n = *ni;

	for (size_t j = 0; j < n; j++)
		sum += items[j].cost;
	if (sum <= w) {
		if (sum < w)
			items[(*ni)++] = (struct item){ group, rest, (uint64_t)(w - sum), false };
		return;
	}
	for (size_t j = 0; j < n; j++) {
		wide_t exact = (wide_t)items[j].cost * w;

		items[j].cost = (uint64_t)(exact / sum);
		items[j].rounded = exact % sum != 0;
		given += items[j].cost;
	}
	for (size_t j = 0; j < n && given < w; j++)
		if (items[j].rounded) {
			items[j].cost++;
			given++;
		}
}

/* The frames FR (N of them, with amounts AMT by frame) and ITEMS (adding
 * up to as much) laid end to end beside each other: a run for each
 * stretch where a frame and an item overlap, each frame's in order. */
static void lay(struct runs *out, const size_t *fr, size_t n, const uint64_t *amt,
		const struct item *items, size_t ni)
{
	size_t i = 0, j = 0;
	uint64_t rf = n ? amt[fr[0]] : 0, ri = ni ? items[0].cost : 0;

	while (i < n && j < ni) {
		uint64_t m;

		if (rf == 0) {
			if (++i < n)
				rf = amt[fr[i]];
			continue;
		}
		if (ri == 0) {
			if (++j < ni)
				ri = items[j].cost;
			continue;
		}
		m = rf < ri ? rf : ri;
		run_add(out, fr[i], items[j].loc, m);
		rf -= m;
		ri -= m;
	}
}

/* Lay the frames FR (N of them, amounts AMT by frame) against ITEMS (NI of
 * them, of GROUP, room for one more) made to add up to as much (fit, REST
 * the location of what they lack). */
static void place(struct runs *out, const size_t *fr, size_t n, const uint64_t *amt,
		  struct item *items, size_t ni, size_t group, size_t rest)
{
	wide_t total = 0;

	for (size_t k = 0; k < n; k++)
		total += amt[fr[k]];
	fit(items, &ni, total, group, rest);
	lay(out, fr, n, amt, items, ni);
}

/* RUNS sorted by frame (each frame's in the order made), *FIRST[f] the
 * first of frame f's (N frames), each starting where the one before it
 * ends and the first at START[f]. */
static void runs_index(struct runs *r, size_t n, const uint64_t *start, size_t **first)
{
	size_t *f = xcalloc(n + 2, sizeof(*f)), *fill;
	struct run *sorted = xmalloc((r->n + 1) * sizeof(*sorted));

	for (size_t k = 0; k < r->n; k++)
		f[r->v[k].frame + 1]++;
	for (size_t v = 0; v < n; v++)
		f[v + 1] += f[v];
	fill = xmalloc((n + 1) * sizeof(*fill));
	memcpy(fill, f, (n + 1) * sizeof(*fill));
	for (size_t k = 0; k < r->n; k++)
		sorted[fill[r->v[k].frame]++] = r->v[k];
	for (size_t v = 0; v < n; v++) {
		uint64_t at = start[v];

		for (size_t k = f[v]; k < f[v + 1]; k++) {
			sorted[k].at = at;
			at += sorted[k].amount;
		}
	}
	free(fill);
	free(r->v);
	r->v = sorted;
	*first = f;
}

/* --- one event's stacks ---------------------------------------------- */

struct layout {
	const struct stacks *st;
	size_t n;
	uint64_t *own, *width;
	uint64_t *x;               /* where each frame starts in the row */
	size_t *kid_first, *kids;  /* frame v's children, in order; the roots at n */
	struct runs self, site;
	size_t *self_first, *site_first;
};

static size_t holder_of(const struct layout *l, size_t f)
{
	return l->st->frames[f].index;
}

static void layout_frames(struct layout *l)
{
	const struct stacks *st = l->st;
	size_t n = st->n, *up;
	cost_t *w = stacks_widths(st);
	uint64_t next = 0;

	l->own = xcalloc(n + 1, sizeof(*l->own));
	l->width = xcalloc(n + 1, sizeof(*l->width));
	l->x = xcalloc(n + 1, sizeof(*l->x));
	for (size_t f = 0; f < n; f++) {
		l->own[f] = (uint64_t)st->frames[f].count;
		l->width[f] = (uint64_t)w[f];
	}
	free(w);
	up = xmalloc((n + 1) * sizeof(*up));
	for (size_t f = 0; f < n; f++)
		up[f] = st->frames[f].parent == STACKS_ROOT ? n : st->frames[f].parent;
	group_by(up, n, n + 1, &l->kid_first, &l->kids);
	free(up);
	/* A frame's own count first, then its children's widths; parents
	 * come before their children. */
	for (size_t k = l->kid_first[n]; k < l->kid_first[n + 1]; k++) {
		l->x[l->kids[k]] = next;
		next += l->width[l->kids[k]];
	}
	for (size_t f = 0; f < n; f++) {
		uint64_t at = l->x[f] + l->own[f];

		for (size_t k = l->kid_first[f]; k < l->kid_first[f + 1]; k++) {
			l->x[l->kids[k]] = at;
			at += l->width[l->kids[k]];
		}
	}
}


static uint64_t cost_at(const struct profile *p, const cell_t *cells, size_t event)
{
	cost_t c = cells != NULL ? cells_get(&p->spill, cells, event) : COST_ABSENT;

	return c == COST_ABSENT || c <= 0 ? 0 : (uint64_t)c;
}

/* Each frame's own count laid against the lines of its function's own
 * costs. */
static void lay_self(struct layout *l, struct samples *s, struct sample_src *src, size_t event)
{
	const struct profile *p = src->p;
	size_t n = l->n, *key = xmalloc((n + 1) * sizeof(*key)), *first, *by;
	struct item *items = NULL;
	size_t cap = 0;

	for (size_t f = 0; f < n; f++)
		key[f] = l->own[f] > 0 ? holder_of(l, f) : SAMPLES_NONE;
	group_by(key, n, p->nfuncs, &first, &by);
	for (size_t h = 0; h < p->nfuncs; h++) {
		size_t ni = 0;

		if (first[h] == first[h + 1])
			continue;
		for (size_t q = src->self_first[h]; q < src->self_first[h + 1]; q++) {
			uint64_t c = cost_at(p, src->self[q].cells, event);

			if (c == 0)
				continue;
			xgrow(&items, &cap, ni + 2, sizeof(*items));
			items[ni++] = (struct item){ h, src->self[q].loc, c, false };
		}
		xgrow(&items, &cap, ni + 2, sizeof(*items));
		place(&l->self, by + first[h], first[h + 1] - first[h], l->own, items, ni, h,
		      loc_no_line(s, src, h));
	}
	free(items);
	free(key);
	free(first);
	free(by);
}

/* The groups of frames under one caller: (caller's function, function),
 * numbered as found. */
struct pairs {
	uint64_t *key;
	size_t *slot, mask, n, cap;
};

static size_t pair_find(struct pairs *g, uint64_t key, bool add)
{
	size_t k = mix(key) & g->mask;

	for (; g->slot[k] != 0; k = (k + 1) & g->mask)
		if (g->key[g->slot[k] - 1] == key)
			return g->slot[k] - 1;
	if (!add)
		return SAMPLES_NONE;
	xgrow(&g->key, &g->cap, g->n + 1, sizeof(*g->key));
	g->key[g->n] = key;
	g->slot[k] = ++g->n;
	return g->n - 1;
}


/* Each frame's width laid against the lines its caller makes its calls
 * from. */
static void lay_sites(struct layout *l, struct samples *s, struct sample_src *src, size_t event)
{
	const struct profile *p = src->p;
	size_t n = l->n, *key = xmalloc((n + 1) * sizeof(*key)), *first, *by, *ifirst, *iby;
	struct pairs g = { NULL, NULL, 0, 0, 0 };
	struct item *items = NULL, *sorted;
	size_t ni = 0, cap = 0, nslots = 64, most = 0, *ikey;

	while (nslots < 2 * (n + 1))
		nslots *= 2;
	g.slot = xcalloc(nslots, sizeof(*g.slot));
	g.mask = nslots - 1;
	for (size_t f = 0; f < n; f++) {
		size_t up = l->st->frames[f].parent;

		key[f] = up == STACKS_ROOT || l->width[f] == 0 ? SAMPLES_NONE
			 : pair_find(&g, pair_key(holder_of(l, up), holder_of(l, f)), true);
	}
	for (size_t q = 0; q < src->ncalls; q++) {
		size_t gid = pair_find(&g, src->calls[q].pair, false);
		uint64_t cost = gid == SAMPLES_NONE ? 0 : cost_at(p, src->calls[q].cells, event);

		if (cost == 0)
			continue;
		xgrow(&items, &cap, ni + 1, sizeof(*items));
		items[ni++] = (struct item){ gid, src->calls[q].loc, cost, false };
	}
	group_by(key, n, g.n, &first, &by);
	ikey = xmalloc((ni + 1) * sizeof(*ikey));
	for (size_t j = 0; j < ni; j++)
		ikey[j] = items[j].group;
	group_by(ikey, ni, g.n, &ifirst, &iby);
	for (size_t gid = 0; gid < g.n; gid++)
		if (ifirst[gid + 1] - ifirst[gid] > most)
			most = ifirst[gid + 1] - ifirst[gid];
	/* One more item than calls, for the rest: room for fit. */
	sorted = xmalloc((most + 2) * sizeof(*sorted));
	for (size_t gid = 0; gid < g.n; gid++) {
		size_t m = 0, caller = (size_t)(g.key[gid] >> 32);

		for (size_t k = ifirst[gid]; k < ifirst[gid + 1]; k++)
			sorted[m++] = items[iby[k]];
		place(&l->site, by + first[gid], first[gid + 1] - first[gid], l->width, sorted, m,
		      gid, loc_no_line(s, src, caller));
	}
	free(sorted);
	free(ikey);
	free(ifirst);
	free(iby);
	free(items);
	free(key);
	free(first);
	free(by);
	free(g.key);
	free(g.slot);
}

/* --- walking the row ------------------------------------------------- */

/* A stretch [lo, hi) of frame FRAME's place in the row, above the node
 * BELOW (its caller's frame at the line of this call). */
struct visit {
	size_t frame, below;
	uint64_t lo, hi;
};

/* The first of the K runs R (in order) that ends after LO. */
static size_t first_run(const struct run *r, size_t k, uint64_t lo)
{
	size_t a = 0, b = k;

	while (a < b) {
		size_t m = a + (b - a) / 2;

		if (r[m].at + r[m].amount <= lo)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

/* The first of frame V's children whose place ends after LO. */
static size_t first_kid(const struct layout *l, size_t v, uint64_t lo)
{
	size_t a = l->kid_first[v], b = l->kid_first[v + 1];

	while (a < b) {
		size_t m = a + (b - a) / 2, c = l->kids[m];

		if (l->x[c] + l->width[c] <= lo)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* The stretch V: its own count's runs add their lengths to the samples
 * ending there; each child's runs in it are visited in turn (pushed onto
 * *STACK, last first, so that they are taken in order). */
static void visit(struct samples *s, const struct layout *l, size_t slot, struct visit v,
		  struct visit **stack, size_t *sp, size_t *cap)
{
	const struct stack_frame *fr = &l->st->frames[v.frame];
	uint64_t own_end = l->x[v.frame] + l->own[v.frame];
	size_t first, last;

	if (v.lo < own_end && fr->shown) {
		const struct run *r = l->self.v + l->self_first[v.frame];
		size_t k = l->self_first[v.frame + 1] - l->self_first[v.frame];

		for (size_t j = first_run(r, k, v.lo); j < k && r[j].at < v.hi; j++) {
			uint64_t a = max64(r[j].at, v.lo), b = min64(r[j].at + r[j].amount, v.hi);

			values_of(s, node_get(s, v.below, r[j].loc))[slot] += (int64_t)(b - a);
		}
	}
	first = first_kid(l, v.frame, v.lo);
	for (last = first; last < l->kid_first[v.frame + 1] && l->x[l->kids[last]] < v.hi; last++)
		;
	while (last-- > first) {
		size_t c = l->kids[last];
		const struct run *r = l->site.v + l->site_first[c];
		size_t k = l->site_first[c + 1] - l->site_first[c];
		size_t j0 = first_run(r, k, v.lo), j1 = j0;

		while (j1 < k && r[j1].at < v.hi)
			j1++;
		while (j1-- > j0) {
			uint64_t a = max64(r[j1].at, v.lo), b = min64(r[j1].at + r[j1].amount, v.hi);

			if (*sp == *cap)
				xgrow(stack, cap, *sp + 1, sizeof(**stack));
			(*stack)[(*sp)++] = (struct visit){ c, node_get(s, v.below, r[j1].loc), a, b };
		}
	}
}

void samples_add(struct samples *s, struct sample_src *src, const struct stacks *st,
		 size_t event, size_t slot)
{
	struct layout l;
	struct visit *stack = NULL;
	size_t sp = 0, cap = 0;
	wide_t all = 0;

	memset(&l, 0, sizeof(l));
	l.st = st;
	l.n = st->n;
	for (size_t f = 0; f < st->n; f++)
		all += (uint64_t)st->frames[f].count;
	if (all > INT64_MAX)
		die(EXIT_INPUT, "%s: the costs of %s add up to more than a pprof sample holds "
		    "(2^63-1)", src->p->path, src->p->events[event].name);
	layout_frames(&l);
	lay_self(&l, s, src, event);
	lay_sites(&l, s, src, event);
	runs_index(&l.self, l.n, l.x, &l.self_first);
	runs_index(&l.site, l.n, l.x, &l.site_first);
	for (size_t k = l.kid_first[l.n + 1]; k-- > l.kid_first[l.n];) {
		size_t r = l.kids[k];

		xgrow(&stack, &cap, sp + 1, sizeof(*stack));
		stack[sp++] = (struct visit){ r, SAMPLES_ROOT, l.x[r], l.x[r] + l.width[r] };
	}
	while (sp > 0) {
		struct visit v = stack[--sp];

		visit(s, &l, slot, v, &stack, &sp, &cap);
	}
	free(stack);
	free(l.own);
	free(l.width);
	free(l.x);
	free(l.kid_first);
	free(l.kids);
	free(l.self.v);
	free(l.site.v);
	free(l.self_first);
	free(l.site_first);
}
