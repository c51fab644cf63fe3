/* Plain recursion: fib calls itself twice per level. */
#include <stdio.h>

static unsigned long fib(unsigned n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

static unsigned long sum_to(unsigned n)
{
    unsigned long s = 0;
    unsigned i;

    for (i = 1; i <= n; i++)
        s += i;
    return s;
}

int main(void)
{
    unsigned long f = fib(18);
    unsigned long s = sum_to(1000);

    printf("fib(18) = %lu, sum = %lu\n", f, s);
    return 0;
}
