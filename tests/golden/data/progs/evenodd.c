/* Mutual recursion: is_even and is_odd call each other. */
#include <stdio.h>

static int is_odd(unsigned n);

static int is_even(unsigned n)
{
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

static int is_odd(unsigned n)
{
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

int main(void)
{
    unsigned i;
    int evens = 0;

    for (i = 0; i < 200; i++)
        evens += is_even(i);
    printf("%d even numbers below 200\n", evens);
    return 0;
}
