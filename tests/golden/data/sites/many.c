#include <stdio.h>
int main(void) {
    dispatch();
    return 0;
}
