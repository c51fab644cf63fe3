/* The call trees, from the estimated stacks (the same ones the flame
 * graph and --format=folded draw): top-down from the roots (perf report's
 * children view), and a function's callers, bottom-up (perf report
 * --no-children).  Each line is a function on a path of the stacks, with
 * the share of the program's total the stacks along that path hold. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt-num.h"
#include "tui-draw.h"
#include "tui-term.h"
#include "tui-view.h"
#include "xalloc.h"

/* A line of a tree: the frames along its path (top-down, the frames
 * themselves; bottom-up, the frames of its path's last caller, each
 * carrying the stacks of the function at the bottom it stands for). */
struct node {
	const struct func *func;
	cost_t width;              /* what the stacks along the path hold */
	size_t *frames;
	cost_t *weights;
	size_t nframes;
	size_t depth;
	struct node **kids;
	size_t nkids;
	bool kids_made, expanded;
};

/* A frame and the stacks it stands for, while nodes are made. */
struct step {
	size_t frame;
	cost_t weight;
	uintptr_t func;            /* the frame's function, by which steps are grouped */
};

struct tree {
	struct tui *ui;
	struct arena arena;        /* the nodes: a tree expanded whole has as many as the stacks */
	bool callers;              /* bottom-up, from F */
	const struct func *f;      /* the callers tree's function; the call tree's to find */
	struct node **roots;
	size_t nroots;
	struct node **shown;       /* the lines, in order */
	size_t nshown, cap;
	bool built;
	struct step *steps;        /* room to make a node's children in */
	size_t steps_cap;
};

static struct tree *state(const struct tui_view *v)
{
	return v->state;
}

/* Steps of one function together (the nodes are sorted afterwards). */
static int step_order(const void *a, const void *b)
{
	uintptr_t f = ((const struct step *)a)->func, g = ((const struct step *)b)->func;

	return (f > g) - (f < g);
}

static int node_order(const void *a, const void *b)
{
	const struct node *x = *(const struct node *const *)a;
	const struct node *y = *(const struct node *const *)b;

	if (x->width != y->width)
		return x->width > y->width ? -1 : 1;
	return strcmp(x->func->fullname, y->func->fullname);
}

/* Nodes of DEPTH from STEPS[0..N): one per function, the largest first;
 * none for stacks that hold nothing.  *NNODES of them, in an array of the
 * tree's arena. */
static struct node **make_nodes(struct tree *t, struct step *steps, size_t n, size_t depth,
				size_t *nnodes)
{
	const struct stacks *s = t->ui->data.stacks;
	struct node **nodes = arena_alloc(&t->arena, (n ? n : 1) * sizeof(*nodes));
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		steps[i].func = (uintptr_t)s->frames[steps[i].frame].func;
	if (n > 1)
		qsort(steps, n, sizeof(*steps), step_order);
	for (size_t i = 0, j; i < n; i = j) {
		struct node *v;
		cost_t width = 0;

		for (j = i; j < n && s->frames[steps[j].frame].func == s->frames[steps[i].frame].func; j++)
			width += steps[j].weight;
		if (width == 0)
			continue;
		v = arena_alloc(&t->arena, sizeof(*v));
		memset(v, 0, sizeof(*v));
		v->width = width;
		v->func = s->frames[steps[i].frame].func;
		v->depth = depth;
		v->nframes = j - i;
		v->frames = arena_alloc(&t->arena, v->nframes * sizeof(*v->frames));
		v->weights = arena_alloc(&t->arena, v->nframes * sizeof(*v->weights));
		for (size_t k = i; k < j; k++) {
			v->frames[k - i] = steps[k].frame;
			v->weights[k - i] = steps[k].weight;
		}
		nodes[m++] = v;
	}
	if (m > 1)
		qsort(nodes, m, sizeof(*nodes), node_order);
	*nnodes = m;
	return nodes;
}

/* V's children: top-down the frames above its frames, bottom-up the
 * frames below them (the callers), each carrying its weight on. */
static void make_kids(struct tree *t, struct node *v)
{
	const struct tui_data *d = &t->ui->data;
	const struct stacks *s = d->stacks;
	size_t n = 0;

	if (v->kids_made)
		return;
	v->kids_made = true;
	for (size_t i = 0; i < v->nframes; i++)
		n += t->callers ? 1 : d->kid_first[v->frames[i] + 1] - d->kid_first[v->frames[i]];
	xgrow(&t->steps, &t->steps_cap, n + 1, sizeof(*t->steps));
	n = 0;
	for (size_t i = 0; i < v->nframes; i++) {
		size_t f = v->frames[i];

		if (t->callers) {
			if (s->frames[f].parent != STACKS_ROOT)
				t->steps[n++] = (struct step){ s->frames[f].parent, v->weights[i], 0 };
			continue;
		}
		for (size_t k = d->kid_first[f]; k < d->kid_first[f + 1]; k++)
			t->steps[n++] = (struct step){ d->kids[k], d->width[d->kids[k]], 0 };
	}
	v->kids = make_nodes(t, t->steps, n, v->depth + 1, &v->nkids);
}

/* The frames of F's function in the stacks (its host's, for inlined
 * code), as steps. */
static struct step *frames_of(const struct tui_data *d, const struct func *f, size_t *n)
{
	/* --focus numbers the functions again after the stacks were made. */
	size_t node = !d->p->focused ? d->stacks->node[f->index] :
		      f->host != NULL && f->host->index < d->p->nfuncs ? f->host->index : f->index;
	struct step *steps;

	*n = d->frames_first[node + 1] - d->frames_first[node];
	steps = xmalloc((*n ? *n : 1) * sizeof(*steps));
	for (size_t i = 0; i < *n; i++) {
		size_t frame = d->frames_of[d->frames_first[node] + i];

		steps[i] = (struct step){ frame, d->width[frame], 0 };
	}
	return steps;
}

/* Put V's lines, and those of its expanded children, at the end. */
static void show(struct tree *t, struct node *v)
{
	xgrow(&t->shown, &t->cap, t->nshown + 1, sizeof(*t->shown));
	t->shown[t->nshown++] = v;
	if (v->expanded)
		for (size_t i = 0; i < v->nkids; i++)
			show(t, v->kids[i]);
}

/* The lines again after an expansion changed; the line of SELECT
 * selected. */
static void reshow(struct tui_view *v, const struct node *select)
{
	struct tree *t = state(v);

	t->nshown = 0;
	for (size_t i = 0; i < t->nroots; i++)
		show(t, t->roots[i]);
	list_resize(&v->list, t->nshown);
	for (size_t i = 0; i < t->nshown; i++)
		if (t->shown[i] == select)
			list_select(&v->list, i, true);
}

static void expand(struct tree *t, struct node *v)
{
	make_kids(t, v);
	v->expanded = v->nkids > 0;
}

/* Expand V and the hottest path above (or below) it; returns its end. */
static struct node *expand_hot(struct tree *t, struct node *v)
{
	for (;;) {
		expand(t, v);
		if (v->nkids == 0)
			return v;
		v = v->kids[0];
	}
}

static void expand_all(struct tree *t, struct node *v)
{
	expand(t, v);
	for (size_t i = 0; i < v->nkids; i++)
		expand_all(t, v->kids[i]);
}

static void collapse_all(struct node *v)
{
	v->expanded = false;
	for (size_t i = 0; i < v->nkids; i++)
		collapse_all(v->kids[i]);
}

/* The call tree at F: the path to F's widest frame expanded.  Returns
 * the line of F, or NULL. */
static struct node *find_path(struct tree *t, const struct func *f)
{
	const struct tui_data *d = &t->ui->data;
	const struct stacks *s = d->stacks;
	size_t n, best = SIZE_MAX, depth = 0, *path;
	struct step *steps;
	struct node **level = t->roots, *at = NULL;
	size_t nlevel = t->nroots;

	if (f == NULL || f->whole != NULL || f->index >= d->p->nfuncs)
		return NULL;
	steps = frames_of(d, f, &n);
	for (size_t i = 0; i < n; i++)
		if (best == SIZE_MAX || steps[i].weight > d->width[best])
			best = steps[i].frame;
	free(steps);
	if (best == SIZE_MAX)
		return NULL;
	for (size_t g = best; g != STACKS_ROOT; g = s->frames[g].parent)
		depth++;
	path = xmalloc(depth * sizeof(*path));
	for (size_t g = best, k = depth; g != STACKS_ROOT; g = s->frames[g].parent)
		path[--k] = g;
	for (size_t k = 0; k < depth; k++) {
		struct node *next = NULL;

		for (size_t i = 0; i < nlevel && next == NULL; i++)
			if (level[i]->func == s->frames[path[k]].func)
				next = level[i];
		if (next == NULL)
			break;
		if (at != NULL)
			at->expanded = true;
		at = next;
		if (k + 1 < depth)
			make_kids(t, at);
		level = at->kids;
		nlevel = at->nkids;
	}
	free(path);
	return at;
}

/* The roots, once the stacks are there. */
static void build(struct tui_view *v)
{
	struct tree *t = state(v);
	struct tui_data *d = &t->ui->data;
	struct step *steps;
	size_t n;
	struct node *select = NULL;

	if (t->built || !data_stacks_ready(d) || d->stacks == NULL)
		return;
	t->built = true;
	if (t->callers) {
		if (t->f->index >= d->p->nfuncs)
			return;
		steps = frames_of(d, t->f, &n);
		t->roots = make_nodes(t, steps, n, 0, &t->nroots);
		/* The function's frames are one line, the function. */
		if (t->nroots > 0)
			expand(t, t->roots[0]);
		select = t->nroots > 0 ? t->roots[0] : NULL;
	} else {
		steps = xmalloc((d->nroots ? d->nroots : 1) * sizeof(*steps));
		n = d->nroots;
		for (size_t i = 0; i < n; i++)
			steps[i] = (struct step){ d->roots[i], d->width[d->roots[i]], 0 };
		t->roots = make_nodes(t, steps, n, 0, &t->nroots);
		select = find_path(t, t->f);
	}
	free(steps);
	reshow(v, select);
}

/* What the view says before it has lines. */
static const char *note(const struct tree *t)
{
	const struct tui_data *d = &t->ui->data;

	if (d->no_stacks != NULL)
		return d->no_stacks;
	if (!t->built)
		return "The stacks are being estimated...";
	return t->callers ? "No stack holds this function" : "No stack holds anything";
}

static void row(void *arg, size_t i, int y, int width, bool selected)
{
	struct tui_view *v = arg;
	struct tree *t = state(v);
	const struct tui_data *d = &t->ui->data;
	const struct node *n = t->shown[i];
	int look = draw_look(LOOK_PLAIN, selected), x = 0, indent = 2 * (int)n->depth;
	int most = width / 2 - 12;
	char share[DRAW_SHARE_MAX + 8], depth[32] = "";
	size_t len;

	len = (size_t)snprintf(share, sizeof(share), "%s ", term_glyph(GLYPH_ESTIMATE));
	draw_share_text(share + len, n->width, d->stacks_total);
	x = draw_right(y, x, 10, share, draw_look(LOOK_ESTIMATE, selected));
	x = draw_left(y, x, 2, "", look);
	if (indent > most) {
		snprintf(depth, sizeof(depth), "[%zu] ", n->depth);
		indent = most > 0 ? most : 0;
	}
	term_fill(y, x, indent, look);
	x += indent;
	x += term_put(y, x, width - x, depth, draw_look(LOOK_DIM, selected));
	x = draw_left(y, x, 2, n->kids_made && n->nkids == 0 ? " " :
		      term_glyph(n->expanded ? GLYPH_EXPANDED : GLYPH_COLLAPSED), look);
	x += draw_name(y, x, width - x, n->func, look);
	term_fill(y, x, width - x, look);
}

/* The line of the parent of line I, or I. */
static size_t parent_line(const struct tree *t, size_t i)
{
	for (size_t k = i; k-- > 0;)
		if (t->shown[k]->depth < t->shown[i]->depth)
			return k;
	return i;
}

static bool act(struct tui_view *v, enum tui_action a)
{
	struct tree *t = state(v);
	struct node *n;

	if (t->nshown == 0)
		return false;
	n = t->shown[v->list.cur];
	switch (a) {
	case ACT_OPEN:
		if (n->expanded)
			n->expanded = false;
		else
			expand(t, n);
		break;
	case ACT_EXPAND:
		expand(t, n);
		break;
	case ACT_COLLAPSE:
		if (n->expanded)
			n->expanded = false;
		else
			n = t->shown[parent_line(t, v->list.cur)];
		break;
	case ACT_EXPAND_HOT:
		n = expand_hot(t, n);
		break;
	case ACT_EXPAND_ALL:
		for (size_t i = 0; i < t->nroots; i++)
			expand_all(t, t->roots[i]);
		break;
	case ACT_COLLAPSE_ALL: {
		size_t i = v->list.cur;

		for (size_t k = 0; k < t->nroots; k++)
			collapse_all(t->roots[k]);
		while (t->shown[i]->depth > 0)
			i = parent_line(t, i);
		n = t->shown[i];
		break;
	}
	default:
		return false;
	}
	reshow(v, n);
	if (a == ACT_OPEN && n->kids_made && n->nkids == 0)
		tui_say(t->ui, false, "%s calls nothing in these stacks", t->callers ? "Nothing" : "It");
	return true;
}

static const struct func *selected(struct tui_view *v)
{
	struct tree *t = state(v);

	return t->nshown > 0 ? t->shown[v->list.cur]->func : t->f;
}

static bool match(struct tui_view *v, size_t i, const regex_t *re)
{
	return regexec(re, state(v)->shown[i]->func->fullname, 0, NULL, 0) == 0;
}

static void title(struct tui_view *v, char *buf, size_t len)
{
	struct tree *t = state(v);
	const struct tui_data *d = &t->ui->data;
	const char *event = d->cols->events[d->cols->primary].name;

	if (t->callers)
		snprintf(buf, len, "%s, shares of %s from the estimated stacks", t->f->fullname,
			 event);
	else
		snprintf(buf, len, "shares of %s from the estimated stacks", event);
}

static void status(struct tui_view *v, char *buf, size_t len)
{
	struct tree *t = state(v);
	char count[NUMFMT_COUNT_MAX];

	if (t->nshown == 0) {
		snprintf(buf, len, "%s", note(t));
		return;
	}
	numfmt_count(count, t->shown[v->list.cur]->width);
	snprintf(buf, len, "this path %s %s", term_glyph(GLYPH_ESTIMATE), count);
}

static void update(struct tui_view *v)
{
	build(v);
}

static void release(struct tui_view *v)
{
	struct tree *t = state(v);

	arena_release(&t->arena);
	free(t->steps);
	free(t->shown);
	free(t);
}

static const struct tui_view_kind call_tree = {
	.id = VIEW_CALL_TREE,
	.name = "Call tree",
	.title = title,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.status = status,
	.update = update,
	.release = release,
};

static const struct tui_view_kind callers_tree = {
	.id = VIEW_CALLERS,
	.name = "Callers",
	.title = title,
	.row = row,
	.act = act,
	.func = selected,
	.match = match,
	.status = status,
	.update = update,
	.release = release,
};

static struct tui_view *tree_new(struct tui *ui, bool callers, const struct func *f)
{
	struct tree *t = xcalloc(1, sizeof(*t));
	struct tui_view *v = tui_view_new(ui, callers ? &callers_tree : &call_tree, t, 0);

	arena_init(&t->arena);
	t->ui = ui;
	t->callers = callers;
	t->f = f;
	build(v);
	if (!t->built || ui->data.stacks == NULL)
		tui_say(ui, ui->data.no_stacks != NULL, "%s", note(t));
	return v;
}

struct tui_view *view_call_tree(struct tui *ui, const struct func *at)
{
	return tree_new(ui, false, at);
}

struct tui_view *view_callers(struct tui *ui, const struct func *f)
{
	if (f->whole != NULL) {
		tui_say(ui, true, "A cycle's callers are on its page: Enter on it");
		return NULL;
	}
	return tree_new(ui, true, f);
}
