/* table.c - a chained hash table that counts words, doubling when full */
#include <stdlib.h>
#include <string.h>
#include "table.h"

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL)
        abort();
    return p;
}

/* FNV-1a: one multiply per byte. */
static unsigned long hash(const char *s, size_t len)
{
    unsigned long h = 2166136261UL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619UL;
    }
    return h;
}

void table_init(struct table *t)
{
    t->nbuckets = 64;
    t->nentries = 0;
    t->buckets = calloc(t->nbuckets, sizeof *t->buckets);
    if (t->buckets == NULL)
        abort();
}

static void grow(struct table *t)
{
    size_t n = t->nbuckets * 2;
    struct entry **b = calloc(n, sizeof *b);
    if (b == NULL)
        abort();
    for (size_t i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i], *next;
        for (; e != NULL; e = next) {
            size_t j = hash(e->word, strlen(e->word)) & (n - 1);
            next = e->next;
            e->next = b[j];
            b[j] = e;
        }
    }
    free(t->buckets);
    t->buckets = b;
    t->nbuckets = n;
}

void table_add(struct table *t, const char *word, size_t len)
{
    size_t i = hash(word, len) & (t->nbuckets - 1);
    for (struct entry *e = t->buckets[i]; e != NULL; e = e->next) {
        if (strncmp(e->word, word, len) == 0 && e->word[len] == '\0') {
            e->count++;
            return;
        }
    }
    struct entry *e = xmalloc(sizeof *e + len + 1);
    memcpy(e->word, word, len);
    e->word[len] = '\0';
    e->count = 1;
    e->next = t->buckets[i];
    t->buckets[i] = e;
    if (++t->nentries > t->nbuckets * 3 / 4)
        grow(t);
}

/* Returns a new array of all entries; the caller frees the array only. */
struct entry **table_entries(const struct table *t)
{
    struct entry **v = xmalloc(t->nentries * sizeof *v);
    size_t n = 0;
    for (size_t i = 0; i < t->nbuckets; i++)
        for (struct entry *e = t->buckets[i]; e != NULL; e = e->next)
            v[n++] = e;
    return v;
}

void table_release(struct table *t)
{
    for (size_t i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i], *next;
        for (; e != NULL; e = next) {
            next = e->next;
            free(e);
        }
    }
    free(t->buckets);
}
