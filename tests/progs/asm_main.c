/* The program of the --asm tests: calls into the shared library
   (asmlib.c), a conditional branch taken a known share of the time, a
   jump table, and a function called through a pointer. */
#include <stdio.h>

unsigned long asmlib_collatz(unsigned long n);

static unsigned long every_third(unsigned n)
{
    unsigned long s = 0;
    unsigned i;

    for (i = 0; i < n; i++)
        if (i % 3 == 0)
            s += i;
    return s;
}

static int kind(int c)
{
    switch (c % 6) {
    case 0: return 3;
    case 1: return 5;
    case 2: return 7;
    case 3: return 11;
    case 4: return 13;
    default: return 17;
    }
}

static unsigned long apply(unsigned long (*f)(unsigned), unsigned n)
{
    return f(n);
}

int main(void)
{
    unsigned long t = 0;
    int i;

    for (i = 1; i < 300; i++)
        t += asmlib_collatz((unsigned long)i);
    for (i = 0; i < 20; i++)
        t += apply(every_third, 1000);
    for (i = 0; i < 600; i++)
        t += (unsigned long)kind(i);
    printf("%lu\n", t);
    return 0;
}
