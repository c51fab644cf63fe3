#include "multi.h"

void fill(unsigned char *buf, unsigned len, unsigned seed)
{
    unsigned state = seed * 2654435761u + 1;
    unsigned i;

    for (i = 0; i < len; i++) {
        state = state * 1103515245u + 12345u;
        buf[i] = (unsigned char)(state >> 16);
    }
}
