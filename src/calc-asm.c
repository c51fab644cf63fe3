#include "calc-asm.h"

#include <errno.h>
#include <inttypes.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "xalloc.h"

/* Address ranges of one object closer than this are disassembled in one
 * run: starting objdump costs about as much as disassembling that much. */
#define MERGE_GAP 16384
/* The most bytes read past a function's last profiled instruction for
 * context. */
#define TAIL_MAX 4096

const char *asm_objdump_program(void)
{
	const char *p = getenv("OBJDUMP");

	return p != NULL && *p != '\0' ? p : "objdump";
}

bool asm_wanted(const struct options *opt)
{
	return opt->asm_view || opt->nasm_functions > 0;
}

/* Whether NAME matches one of RES[0..N); each that it matches gets its
 * flag in MATCHED set. */
static bool matches(const regex_t *res, size_t n, const char *name, bool *matched)
{
	bool any = false;

	for (size_t i = 0; i < n; i++)
		if (regexec(&res[i], name, 0, NULL, 0) == 0)
			any = matched[i] = true;
	return any;
}

static void add_func(struct asm_view *v, size_t *cap, const struct func *f)
{
	for (const struct code *c = f->code; c != NULL; c = c->next) {
		struct asm_func *af;

		if (c->instrs.count == 0)
			continue;
		xgrow(&v->funcs, cap, v->nfuncs + 1, sizeof(*v->funcs));
		af = &v->funcs[v->nfuncs++];
		memset(af, 0, sizeof(*af));
		af->func = f;
		af->code = c;
		af->low = UINT64_MAX;
		for (size_t i = 0; i < c->instrs.count; i++) {
			uint64_t a = c->instrs.entries[i].line;

			af->low = a < af->low ? a : af->low;
			af->high = a > af->high ? a : af->high;
		}
	}
}

static void select_funcs(struct asm_view *v, const struct options *opt,
			 struct func *const *rows, size_t nrows, size_t nshown)
{
	regex_t *res = xcalloc(opt->nasm_functions + 1, sizeof(*res));
	bool *matched = xcalloc(opt->nasm_functions + 1, sizeof(*matched));
	size_t cap = 0;

	for (size_t i = 0; i < opt->nasm_functions; i++)
		options_regcomp(&res[i], opt->asm_functions[i], REG_EXTENDED | REG_NOSUB,
				"asm-function");
	for (size_t r = 0; r < nrows; r++)
		if (matches(res, opt->nasm_functions, rows[r]->fullname, matched) ||
		    (opt->asm_view && r < nshown))
			add_func(v, &cap, rows[r]);
	for (size_t i = 0; i < opt->nasm_functions; i++) {
		if (!matched[i])
			warn("--asm-function '%s' matches no function", opt->asm_functions[i]);
		regfree(&res[i]);
	}
	free(matched);
	free(res);
}

/* An address range of an object to disassemble. */
struct range {
	const char *object;
	uint64_t start, stop;
};

static int range_cmp(const void *a, const void *b)
{
	const struct range *x = a, *y = b;
	int c = strcmp(x->object, y->object);

	if (c != 0)
		return c;
	return (x->start > y->start) - (x->start < y->start);
}

static uint64_t add_held(uint64_t a, uint64_t b)
{
	uint64_t s;

	return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

/* Whether OBJECT names a file: Valgrind writes "???" for code it found in
 * no object. */
static bool is_object(const char *object)
{
	return *object != '\0' && strcmp(object, "???") != 0;
}

static struct range *ranges_of(const struct asm_view *v, size_t tail, size_t *n)
{
	struct range *r = xmalloc((v->nfuncs + 1) * sizeof(*r));
	uint64_t extra = tail > TAIL_MAX / OBJDUMP_INSN_MAX ? TAIL_MAX
			 : (uint64_t)tail * OBJDUMP_INSN_MAX;

	*n = 0;
	for (size_t i = 0; i < v->nfuncs; i++) {
		if (!is_object(v->funcs[i].code->object))
			continue;
		r[*n].object = v->funcs[i].code->object;
		r[*n].start = v->funcs[i].low;
		/* The last profiled instruction whole, then room for TAIL
		 * more: objdump would cut one short at its stop address. */
		r[*n].stop = add_held(v->funcs[i].high, OBJDUMP_INSN_MAX + extra);
		(*n)++;
	}
	qsort(r, *n, sizeof(*r), range_cmp);
	return r;
}

/* Why OBJECT cannot be disassembled, or NULL. */
static const char *unreadable(const char *object)
{
	struct stat st;

	if (stat(object, &st) != 0)
		return strerror(errno);
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	if (access(object, R_OK) != 0)
		return strerror(errno);
	return NULL;
}

static void warn_if_newer(const char *object, const char *profile)
{
	struct stat o, p;

	if (stat(object, &o) == 0 && stat(profile, &p) == 0 && S_ISREG(p.st_mode) &&
	    o.st_mtime > p.st_mtime)
		warn("%s: the object is newer than the profile '%s': it may not match the profile",
		     object, profile);
}

static int addr_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The addresses the profile has in object O's code of V's functions,
 * ascending, without repeats; *N gets their number. */
static uint64_t *profiled_addresses(const struct asm_view *v, const char *object, size_t *n)
{
	uint64_t *a = NULL;
	size_t count = 0, cap = 0, kept = 0;

	for (size_t i = 0; i < v->nfuncs; i++) {
		const struct linetab *t = &v->funcs[i].code->instrs;

		if (strcmp(v->funcs[i].code->object, object) != 0)
			continue;
		xgrow(&a, &cap, count + t->count + 1, sizeof(*a));
		for (size_t j = 0; j < t->count; j++)
			a[count++] = t->entries[j].line;
	}
	if (count > 1)
		qsort(a, count, sizeof(*a), addr_cmp);
	for (size_t i = 0; i < count; i++)
		if (kept == 0 || a[kept - 1] != a[i])
			a[kept++] = a[i];
	*n = kept;
	return a;
}

/* Disassemble R[0..N), the ranges of O's object sorted by start: one run
 * of objdump for ranges that are close.  Only the instructions that
 * line_up can show are kept: those within TAIL of a profiled one. */
static void disassemble(struct asm_object *o, const struct asm_view *v, const struct range *r,
			size_t n, size_t tail, const char *profile)
{
	const char *why = unreadable(o->name);
	size_t nwant;
	uint64_t *want = profiled_addresses(v, o->name, &nwant);

	objdump_keep_near(&o->listing, want, nwant, tail);
	if (why == NULL) {
		warn_if_newer(o->name, profile);
		for (size_t i = 0; i < n && why == NULL;) {
			uint64_t start = r[i].start, stop = r[i].stop;

			for (i++; i < n && r[i].start <= add_held(stop, MERGE_GAP); i++)
				stop = r[i].stop > stop ? r[i].stop : stop;
			why = objdump_run(asm_objdump_program(), o->name, start, stop, &o->listing);
		}
	}
	objdump_finish(&o->listing);
	objdump_keep_near(&o->listing, NULL, 0, 0);
	free(want);
	o->read = why == NULL;
	if (why != NULL)
		warn("%s: %s; its instructions are listed without their disassembly", o->name, why);
}

static void push_line(struct asm_func *af, size_t *cap, uint64_t addr, const char *text,
		      ptrdiff_t instr)
{
	xgrow(&af->lines, cap, af->nlines + 1, sizeof(*af->lines));
	af->lines[af->nlines].address = addr;
	af->lines[af->nlines].text = text;
	af->lines[af->nlines].instr = instr;
	af->nlines++;
}

/* Line up AF's profiled instructions with the disassembly of its object
 * O (NULL if none): from its first profiled address to its last, then up
 * to TAIL more instructions before the next symbol.  Where the listing
 * left instructions out (more than TAIL from any profiled one), a line
 * without text stands for them: it keeps the windows of report-asm.c
 * apart as the left-out lines would, and is never shown. */
static void line_up(struct asm_func *af, struct asm_object *o, size_t tail)
{
	const struct linetab *t = &af->code->instrs;
	const struct objdump_listing *l = o && o->read ? &o->listing : NULL;
	uint64_t *addrs = xmalloc((t->count + 1) * sizeof(*addrs));
	size_t na = t->count, k = 0, cap = 0;
	size_t i = l ? objdump_lower_bound(l, af->low) : 0, nl = l ? l->count : 0;

	for (size_t j = 0; j < na; j++)
		addrs[j] = t->entries[j].line;
	qsort(addrs, na, sizeof(*addrs), addr_cmp);
	af->object_known = o != NULL;
	af->object_read = l != NULL;
	for (;;) {
		bool in_l = i < nl && l->insns[i].address <= af->high;
		uint64_t la = in_l ? l->insns[i].address : 0;

		if (k < na && (!in_l || addrs[k] <= la)) {
			bool both = in_l && addrs[k] == la;

			if (!both && l != NULL && o->mismatches++ == 0)
				o->first_mismatch = addrs[k];
			if (both && l->insns[i].gap_before && af->nlines > 0)
				push_line(af, &cap, la, NULL, -1);
			push_line(af, &cap, addrs[k], both ? l->insns[i].text : NULL,
				  code_find(af->code, addrs[k]));
			i += both;
			k++;
		} else if (in_l) {
			if (l->insns[i].gap_before && af->nlines > 0)
				push_line(af, &cap, la, NULL, -1);
			push_line(af, &cap, la, l->insns[i].text, -1);
			i++;
		} else {
			break;
		}
	}
	for (size_t n = 0; n < tail && i < nl && !l->insns[i].symbol_start; n++, i++)
		push_line(af, &cap, l->insns[i].address, l->insns[i].text, -1);
	free(addrs);
}

static struct asm_object *find_object(struct asm_view *v, const char *name)
{
	for (size_t i = 0; i < v->nobjects; i++)
		if (strcmp(v->objects[i].name, name) == 0)
			return &v->objects[i];
	return NULL;
}

void asm_build(struct asm_view *v, const struct profile *p, const struct options *opt,
	       struct func *const *rows, size_t nrows, size_t nshown, size_t tail)
{
	size_t nr;
	struct range *r;

	memset(v, 0, sizeof(*v));
	select_funcs(v, opt, rows, nrows, nshown);
	v->first = xcalloc(p->nfuncs + 1, sizeof(*v->first));
	for (size_t i = v->nfuncs; i-- > 0;)
		v->first[v->funcs[i].func->index] = i + 1;
	r = ranges_of(v, tail, &nr);
	v->objects = xcalloc(nr + 1, sizeof(*v->objects));
	for (size_t i = 0, j; i < nr; i = j) {
		struct asm_object *o = &v->objects[v->nobjects++];

		for (j = i + 1; j < nr && strcmp(r[j].object, r[i].object) == 0; j++)
			;
		o->name = r[i].object;
		objdump_init(&o->listing);
		disassemble(o, v, r + i, j - i, tail, p->path);
	}
	for (size_t i = 0; i < v->nfuncs; i++)
		line_up(&v->funcs[i], find_object(v, v->funcs[i].code->object), tail);
	for (size_t i = 0; i < v->nobjects; i++) {
		const struct asm_object *o = &v->objects[i];

		if (o->mismatches == 1)
			warn("%s: the object does not match the profile: no instruction starts "
			     "at 0x%" PRIx64, o->name, o->first_mismatch);
		else if (o->mismatches > 1)
			warn("%s: the object does not match the profile: no instruction starts "
			     "at 0x%" PRIx64 " nor at %zu more of the profile's addresses",
			     o->name, o->first_mismatch, o->mismatches - 1);
	}
	free(r);
}

void asm_release(struct asm_view *v)
{
	for (size_t i = 0; i < v->nfuncs; i++)
		free(v->funcs[i].lines);
	free(v->funcs);
	for (size_t i = 0; i < v->nobjects; i++)
		objdump_release(&v->objects[i].listing);
	free(v->objects);
	free(v->first);
	memset(v, 0, sizeof(*v));
}

const struct asm_func *asm_find(const struct asm_view *v, const struct func *f, size_t *n)
{
	size_t i = v->first[f->index];

	*n = 0;
	if (i == 0)
		return NULL;
	while (i - 1 + *n < v->nfuncs && v->funcs[i - 1 + *n].func == f)
		(*n)++;
	return &v->funcs[i - 1];
}

bool asm_next_window(const struct asm_func *af, size_t context, size_t *at, size_t *lo,
		     size_t *hi)
{
	size_t n = af->nlines, i = *at, last;

	while (i < n && af->lines[i].instr < 0)
		i++;
	if (i == n)
		return false;
	*lo = i > context ? i - context : 0;
	last = i;
	for (i++; i < n && i <= last + 2 * context; i++)
		if (af->lines[i].instr >= 0)
			last = i;
	*hi = last + context < n - 1 ? last + context : n - 1;
	*at = *hi + 1;
	return true;
}

const char *asm_missing(const struct asm_func *af)
{
	if (af->object_read)
		return NULL;
	return af->object_known ? "the object could not be read" : "the profile names no object file";
}
