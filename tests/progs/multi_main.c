/* A program split over several source files. */
#include <stdio.h>
#include "multi.h"

static unsigned char buf[4096];

int main(void)
{
    unsigned long sum = 0;
    unsigned bits = 0;
    unsigned round;

    for (round = 0; round < 4; round++) {
        fill(buf, sizeof buf, round);
        sum += checksum(buf, sizeof buf);
        bits += count_bits(buf, sizeof buf / 2);
    }
    printf("%lu %u\n", sum, bits);
    return 0;
}
