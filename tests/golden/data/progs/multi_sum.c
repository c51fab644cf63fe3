#include "multi.h"

unsigned long checksum(const unsigned char *buf, unsigned len)
{
    unsigned long a = 1, b = 0;
    unsigned i;

    for (i = 0; i < len; i++) {
        a = (a + buf[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

static unsigned popcount8(unsigned char c)
{
    unsigned n = 0;

    while (c) {
        n += c & 1;
        c >>= 1;
    }
    return n;
}

unsigned count_bits(const unsigned char *buf, unsigned len)
{
    unsigned n = 0;
    unsigned i;

    for (i = 0; i < len; i++)
        n += popcount8(buf[i]);
    return n;
}
