/* A loop of N steps (the first argument): two runs with N and N * 1.03
 * are "3 % more work" for the gates' test. */
#include <stdlib.h>

static unsigned long step(unsigned long s, unsigned long i)
{
    return s * 31 + i * i;
}

int main(int argc, char **argv)
{
    unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000, s = 0;

    for (unsigned long i = 0; i < n; i++)
        s = step(s, i);
    return (int)(s & 1);
}
