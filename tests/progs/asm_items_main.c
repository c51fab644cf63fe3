/* A program over two source files for tests/asm-real.sh: built at -O2, the
 * last function of the second file, and so of the program's code, is one
 * jump to free@plt, five bytes that objdump must not be stopped inside. */
#include <stdio.h>
#include "asm_items.h"

int main(void)
{
    unsigned long sum = 0;

    for (int i = 0; i < 100; i++) {
        struct item *it = item_new(i);

        sum += item_weight(it);
        item_free(it);
    }
    printf("%lu\n", sum);
    return 0;
}
