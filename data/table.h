/* table.h - a hash table counting words */
#ifndef TABLE_H
#define TABLE_H

#include <stddef.h>

struct entry {
    struct entry *next;
    unsigned long count;
    char word[];
};

struct table {
    struct entry **buckets;
    size_t nbuckets;
    size_t nentries;
};

void table_init(struct table *t);
void table_add(struct table *t, const char *word, size_t len);
struct entry **table_entries(const struct table *t);
void table_release(struct table *t);

#endif
