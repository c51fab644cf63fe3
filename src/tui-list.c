#include "tui-list.h"

#include <stdlib.h>

void list_reset(struct tui_list *l, size_t n)
{
	l->n = n;
	l->cur = 0;
	l->top = 0;
}

void list_resize(struct tui_list *l, size_t n)
{
	l->n = n;
	if (l->cur >= n)
		l->cur = n > 0 ? n - 1 : 0;
	if (l->top > l->cur)
		l->top = l->cur;
}

/* The screen's height as last drawn (one line before the first draw). */
static size_t page(const struct tui_list *l)
{
	return l->height > 1 ? (size_t)l->height : 1;
}

/* Scroll so that the selected row is on the screen. */
static void follow(struct tui_list *l)
{
	if (l->cur < l->top)
		l->top = l->cur;
	else if (l->cur >= l->top + page(l))
		l->top = l->cur - page(l) + 1;
}

bool list_move(struct tui_list *l, enum tui_action action)
{
	size_t last = l->n > 0 ? l->n - 1 : 0;

	switch (action) {
	case ACT_UP:
		l->cur = l->cur > 0 ? l->cur - 1 : 0;
		break;
	case ACT_DOWN:
		l->cur = l->cur < last ? l->cur + 1 : last;
		break;
	case ACT_PAGE_UP:
		l->cur = l->cur > page(l) ? l->cur - page(l) : 0;
		l->top = l->top > page(l) ? l->top - page(l) : 0;
		break;
	case ACT_PAGE_DOWN:
		l->cur = last - l->cur > page(l) ? l->cur + page(l) : last;
		if (l->top + page(l) <= last)
			l->top += page(l);
		break;
	case ACT_HOME:
		l->cur = 0;
		break;
	case ACT_END:
		l->cur = last;
		break;
	default:
		return false;
	}
	follow(l);
	return true;
}

void list_select(struct tui_list *l, size_t i, bool centre)
{
	if (i >= l->n)
		return;
	l->cur = i;
	if (centre && (i < l->top || i >= l->top + page(l)))
		l->top = i > page(l) / 2 ? i - page(l) / 2 : 0;
	follow(l);
}

void list_scroll(struct tui_list *l, long delta)
{
	size_t max_top = l->n > page(l) ? l->n - page(l) : 0;

	if (delta < 0)
		l->top = l->top > (size_t)-delta ? l->top - (size_t)-delta : 0;
	else
		l->top = l->top + (size_t)delta < max_top ? l->top + (size_t)delta : max_top;
	if (l->cur < l->top)
		l->cur = l->top;
	else if (l->cur >= l->top + page(l))
		l->cur = l->top + page(l) - 1;
	if (l->n > 0 && l->cur >= l->n)
		l->cur = l->n - 1;
}

bool list_row_at(const struct tui_list *l, int y0, int y, size_t *row)
{
	if (y < y0 || y >= y0 + l->height)
		return false;
	*row = l->top + (size_t)(y - y0);
	return *row < l->n;
}

void list_draw(struct tui_list *l, int y0, int height, int width, tui_row_fn *row, void *arg)
{
	l->height = height > 0 ? height : 1;
	follow(l);
	for (int k = 0; k < height && l->top + (size_t)k < l->n; k++) {
		size_t i = l->top + (size_t)k;

		row(arg, i, y0 + k, width, i == l->cur);
	}
}

bool list_find(const struct tui_list *l, bool forward, tui_match_fn *match, void *arg,
	       size_t *found)
{
	for (size_t k = 1; k <= l->n; k++) {
		size_t i = forward ? (l->cur + k) % l->n : (l->cur + l->n - k % l->n) % l->n;

		if (match(arg, i)) {
			*found = i;
			return true;
		}
	}
	return false;
}

void list_cycle(struct tui_list *l, const size_t *order, size_t n, size_t *at, bool forward)
{
	if (n == 0)
		return;
	*at = forward ? (*at + 1) % n : (*at + n - 1) % n;
	list_select(l, order[*at], true);
}

static int hot_order(const void *a, const void *b, void *arg)
{
	const cost_t *key = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (key[x] != key[y])
		return key[x] > key[y] ? -1 : 1;
	return (x > y) - (x < y);
}

void list_sort_hot(size_t *rows, size_t n, const cost_t *key)
{
	if (n > 1)
		qsort_r(rows, n, sizeof(*rows), hot_order, (void *)key);
}
