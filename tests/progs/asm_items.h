#ifndef ASM_ITEMS_H
#define ASM_ITEMS_H

struct item {
    unsigned long weight;
    char name[24];
};

struct item *item_new(int i);
unsigned long item_weight(const struct item *it);
void item_free(struct item *it);

#endif
