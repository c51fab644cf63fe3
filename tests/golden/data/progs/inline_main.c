/* Inlined header functions (fi=/fe= lines), over two object files. */
#include <stdio.h>
#include "vec.h"

static struct vec table[64];

int main(int argc, char **argv)
{
    long total = 0;
    int i;

    (void)argv;
    for (i = 0; i < 64; i++) {
        table[i].x = (i * 7 + argc) % 13;
        table[i].y = (i * 5) % 11;
    }
    for (i = 0; i < 63; i++)
        total += clamp(vec_dot(table[i], table[i + 1]), 0, 100);
    total += vec_walk(500 + argc);
    printf("total %ld\n", total);
    return 0;
}
