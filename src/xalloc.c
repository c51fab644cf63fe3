#include "xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

static _Noreturn void out_of_memory(size_t size)
{
	die(EXIT_INPUT, "out of memory (allocating %zu bytes)", size);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory(n * size);
	return p;
}

void *xcalloc_written(size_t n, size_t size)
{
	void *p = xreallocarray(NULL, n ? n : 1, size ? size : 1);

	memset(p, 0, (n ? n : 1) * (size ? size : 1));
	return p;
}

void *xreallocarray(void *ptr, size_t n, size_t size)
{
	size_t total;
	void *p;

	if (__builtin_mul_overflow(n, size, &total))
		out_of_memory(SIZE_MAX);
	p = realloc(ptr, total ? total : 1);
	if (p == NULL)
		out_of_memory(total);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die(EXIT_INPUT, "cannot format a message");
	p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void xgrow(void *array, size_t *cap, size_t need, size_t size)
{
	void **arr = array;
	size_t n = *cap ? *cap : 8;

	if (need <= *cap)
		return;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			out_of_memory(SIZE_MAX);
		n *= 2;
	}
	*arr = xreallocarray(*arr, n, size);
	*cap = n;
}

struct arena_block {
	struct arena_block *next;
	max_align_t data[];
};

#define ARENA_BLOCK (256 * 1024)

void arena_init(struct arena *a)
{
	a->head = NULL;
	a->next = a->end = NULL;
}

void arena_release(struct arena *a)
{
	struct arena_block *b = a->head, *next;

	for (; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	arena_init(a);
}

void *arena_alloc(struct arena *a, size_t size)
{
	/* Cost vectors hold 128-bit counts, which need max_align_t's 16. */
	return arena_alloc_aligned(a, size, _Alignof(max_align_t));
}

void *arena_alloc_aligned(struct arena *a, size_t size, size_t align)
{
	size_t rounded, pad, block;
	struct arena_block *b;
	char *p;

	if (size > SIZE_MAX - align)
		out_of_memory(size);
	rounded = (size + align - 1) & ~(align - 1);
	pad = (size_t)-(uintptr_t)a->next & (align - 1);
	if (a->next == NULL || (size_t)(a->end - a->next) < pad + rounded) {
		pad = 0;
		block = rounded > ARENA_BLOCK / 4 ? rounded : ARENA_BLOCK;
		b = xmalloc(sizeof(*b) + block);
		if (block == ARENA_BLOCK || a->head == NULL) {
			b->next = a->head;
			a->head = b;
			a->next = (char *)b->data;
			a->end = a->next + block;
		} else {
			/* A large request gets its own block behind the
			 * current one, keeping the current one's free space. */
			b->next = a->head->next;
			a->head->next = b;
			return b->data;
		}
	}
	p = a->next + pad;
	a->next = p + rounded;
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}
