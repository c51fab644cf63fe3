/* One hot loop and many cheap functions: thresholds cut the function table.
   Dumps its statistics twice through a client request (several parts). */
#include <stdio.h>
#ifdef WITH_DUMPS
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_DUMP_STATS_AT(s)
#endif

static unsigned long hot(unsigned n)
{
    unsigned long acc = 0;
    unsigned i, j;

    for (i = 0; i < n; i++)
        for (j = 0; j < 100; j++)
            acc += (i ^ j) & 7;
    return acc;
}

static unsigned long warm(unsigned n)
{
    unsigned long acc = 0;
    unsigned i;

    for (i = 0; i < n; i++)
        acc += i % 3;
    return acc;
}

static unsigned long cold1(unsigned x) { return x * 3 + 1; }
static unsigned long cold2(unsigned x) { return x * 5 + 2; }
static unsigned long cold3(unsigned x) { return cold1(x) + cold2(x); }
static unsigned long cold4(unsigned x) { return cold3(x) ^ 0x55; }

int main(void)
{
    unsigned long r = 0;
    unsigned k;

    r += hot(300);
    CALLGRIND_DUMP_STATS_AT("after hot");
    r += warm(2000);
    for (k = 0; k < 10; k++)
        r += cold4(k) + cold1(k);
    CALLGRIND_DUMP_STATS_AT("after warm and cold");
    r += cold2(7);
    printf("%lu\n", r);
    return 0;
}
