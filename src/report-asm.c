#include "report-asm.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "report-text.h"
#include "xalloc.h"

struct listing {
	FILE *out;
	struct profile *p;
	const struct columns *c;
	const struct asm_func *af;
	size_t *w;                 /* column widths */
	size_t blank;              /* the width of all count columns */
	int addr_width;            /* of "0x..." */
	cost_t *cost;              /* one instruction's self cost, out of its cells */
	cost_t *annotated;         /* the self costs of the instructions with their code */
	const struct pfile *file;  /* the source position shown last */
	uint64_t line;
};

static const struct line_entry *entry_of(const struct listing *l, const struct asm_line *al)
{
	return al->instr < 0 ? NULL : &l->af->code->instrs.entries[al->instr];
}

static const struct instr_info *info_of(const struct listing *l, const struct asm_line *al)
{
	return al->instr < 0 ? NULL : &l->af->code->info[al->instr];
}

static const cost_t *self_of(struct listing *l, const struct asm_line *al)
{
	const struct line_entry *e = entry_of(l, al);

	return e ? cells_expand(&l->p->spill, e->cost, l->cost, l->p->nevents) : NULL;
}

static void print_blank(const struct listing *l)
{
	fprintf(l->out, "%*s", (int)l->blank, "");
}

static void print_marker(const struct listing *l, uint64_t address)
{
	fprintf(l->out, "-- address 0x%" PRIx64 " ----------------------------------------\n",
		address);
}

/* "# file:line" above the instructions of each source line. */
static void print_source(struct listing *l, const struct instr_info *info)
{
	if (info == NULL || info->file == NULL || info->line == 0 ||
	    (info->file == l->file && info->line == l->line))
		return;
	l->file = info->file;
	l->line = info->line;
	print_blank(l);
	fprintf(l->out, " # %s:%" PRIu64 "\n", info->file->name, info->line);
}

char *report_jump_text(const struct columns *c, const struct jump *j)
{
	char taken[NUMFMT_COUNT_MAX], executed[NUMFMT_COUNT_MAX], *count, *text;

	columns_format_count(c, taken, j->taken);
	if (j->executed == COST_ABSENT) {
		count = xasprintf("jump %s time%s", taken, j->taken == 1 ? "" : "s");
	} else {
		columns_format_count(c, executed, j->executed);
		count = xasprintf("jump %s of %s time%s", taken, executed,
				  j->executed == 1 ? "" : "s");
	}
	text = xasprintf("%s to 0x%" PRIx64 "%s%s%s", count, j->target, j->to_name ? " <" : "",
			 j->to_name ? j->to_name : "", j->to_name ? ">" : "");
	free(count);
	return text;
}

static void print_jumps(const struct listing *l, const struct instr_info *info)
{
	for (const struct jump *j = info ? info->jumps : NULL; j != NULL; j = j->next) {
		char *text = report_jump_text(l->c, j);

		print_blank(l);
		fprintf(l->out, " %s\n", text);
		free(text);
	}
}

static void print_line(struct listing *l, const struct asm_line *al)
{
	const struct line_entry *e = entry_of(l, al);
	const cost_t *v = self_of(l, al);
	char addr[24];

	print_source(l, info_of(l, al));
	columns_print_cost(l->out, l->c, l->w, v);
	snprintf(addr, sizeof(addr), "0x%" PRIx64, al->address);
	fprintf(l->out, " %-*s", l->addr_width, addr);
	if (al->text != NULL)
		fprintf(l->out, "  %s", al->text);
	else if (l->af->object_read)
		fputs("  (no instruction starts here in the object)", l->out);
	fputc('\n', l->out);
	if (v != NULL && al->text != NULL)
		cost_add_checked(l->annotated, v, l->p->nevents);
	if (e != NULL && e->sites != NULL)
		report_call_lines(l->out, l->p, l->c, l->w, e);
	print_jumps(l, info_of(l, al));
}

/* The lines asm_next_window chooses, a marker where lines are left out. */
static void print_windows(struct listing *l, size_t context)
{
	const struct asm_func *af = l->af;
	size_t at = 0, lo, hi;

	while (asm_next_window(af, context, &at, &lo, &hi)) {
		if (lo > 0)
			print_marker(l, af->lines[lo].address);
		for (size_t k = lo; k <= hi; k++)
			print_line(l, &af->lines[k]);
		if (hi < af->nlines - 1)
			print_marker(l, af->lines[hi].address);
	}
}

/* "Ir 100.00%" per shown event: the share of the function's self cost. */
static void print_share(struct listing *l)
{
	const cost_t *self = l->af->func->self;

	columns_print_cost(l->out, l->c, l->w, l->annotated);
	fputs(" annotated:", l->out);
	for (size_t k = 0; k < l->c->nshow; k++) {
		size_t i = l->c->show[k];
		cost_t a = l->annotated[i] == COST_ABSENT ? 0 : l->annotated[i];
		char pct[NUMFMT_PERCENT_MAX];

		if (self == NULL || self[i] == COST_ABSENT || self[i] == 0)
			snprintf(pct, sizeof(pct), "-");
		else
			/* A ratio: in a diff, a self cost that fell by 2,000 of
			 * which 2,000 are shown is 100%, not -100%. */
			snprintf(pct, sizeof(pct), "%.2f%%",
				 numfmt_ratio100(a, self[i]) * (self[i] < 0 ? -1 : 1));
		fprintf(l->out, "%s %s %s", k ? "," : "", l->c->events[i].name, pct);
	}
	fputs(" of the function's self cost\n\n", l->out);
}

static void print_header(const struct asm_func *af, const struct columns *c, FILE *out)
{
	report_rule(out);
	fputs("-- Machine code: ", out);
	report_print_name(out, c, af->func);
	if (*af->code->object)
		fprintf(out, " [%s]", af->code->object);
	fprintf(out, " 0x%" PRIx64 "-0x%" PRIx64 "\n", af->low, af->high);
	report_rule(out);
}

static void print_func(FILE *out, struct profile *p, const struct options *opt,
		       const struct columns *c, const struct asm_func *af)
{
	struct listing l = { out, p, c, af, columns_widths_new(c), 0, 0, NULL, NULL, NULL, 0 };
	char addr[24];
	int len;

	l.cost = cost_new(&p->arena, p->nevents);
	l.annotated = cost_new(&p->arena, p->nevents);
	/* Every row of counts lines up: the instructions', the calls' (a call
	 * costs what its callee ran, more than any instruction of the caller)
	 * and the annotated sum's. */
	for (size_t i = 0; i < af->nlines; i++) {
		const cost_t *v = self_of(&l, &af->lines[i]);

		if (v != NULL)
			columns_widen(c, l.w, v);
		if (v != NULL && af->lines[i].text != NULL)
			cost_add_checked(l.annotated, v, p->nevents);
		report_widen_call_lines(p, c, l.w, entry_of(&l, &af->lines[i]));
		len = snprintf(addr, sizeof(addr), "0x%" PRIx64, af->lines[i].address);
		if (len > l.addr_width)
			l.addr_width = len;
	}
	columns_widen(c, l.w, l.annotated);
	cost_clear(l.annotated, p->nevents);
	for (size_t k = 0; k < c->nshow; k++)
		l.blank += l.w[c->show[k]] + 1;
	print_header(af, c, out);
	if (asm_missing(af) != NULL)
		fprintf(out, "  No disassembly: %s\n", asm_missing(af));
	columns_print_events(out, c, l.w);
	fputs("\n\n", out);
	print_windows(&l, (size_t)opt->context);
	fputc('\n', out);
	print_share(&l);
	free(l.w);
}

static void print_unread(FILE *out, const struct asm_view *v)
{
	bool any = false;

	for (size_t i = 0; i < v->nobjects; i++) {
		if (v->objects[i].read)
			continue;
		if (!any) {
			report_rule(out);
			fputs("The following objects chosen for disassembly could not be read:\n", out);
			report_rule(out);
			any = true;
		}
		fprintf(out, "  %s\n", v->objects[i].name);
	}
	if (any)
		fputc('\n', out);
}

void report_asm(FILE *out, struct profile *p, const struct options *opt,
		const struct columns *c, const struct asm_view *v)
{
	for (size_t i = 0; i < v->nfuncs; i++)
		print_func(out, p, opt, c, &v->funcs[i]);
	print_unread(out, v);
}
