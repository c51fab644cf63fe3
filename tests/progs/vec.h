/* Small helpers meant to be inlined at -O2. */
#ifndef VEC_H
#define VEC_H

struct vec {
    int x, y;
};

static inline int vec_dot(struct vec a, struct vec b)
{
    return a.x * b.x + a.y * b.y;
}

static inline struct vec vec_add(struct vec a, struct vec b)
{
    struct vec r;

    r.x = a.x + b.x;
    r.y = a.y + b.y;
    return r;
}

static inline int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

long vec_walk(int steps);

#endif
