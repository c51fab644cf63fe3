#include "vec.h"

long vec_walk(int steps)
{
    struct vec p = { 0, 0 }, d = { 1, 2 };
    long acc = 0;
    int i;

    for (i = 0; i < steps; i++) {
        p = vec_add(p, d);
        p.x = clamp(p.x, -50, 50);
        p.y = clamp(p.y, -50, 50);
        if (p.x == 50 || p.x == -50)
            d.x = -d.x;
        if (p.y == 50 || p.y == -50)
            d.y = -d.y;
        acc += vec_dot(p, d);
    }
    return acc;
}
