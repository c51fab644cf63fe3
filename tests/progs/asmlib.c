/* A shared library for the --asm tests: a branchy loop, built at -O2
   with -fPIC, called from asm_main.c. */
unsigned long asmlib_collatz(unsigned long n);

unsigned long asmlib_collatz(unsigned long n)
{
    unsigned long steps = 0;

    while (n != 1) {
        if (n & 1)
            n = 3 * n + 1;
        else
            n /= 2;
        steps++;
    }
    return steps;
}
