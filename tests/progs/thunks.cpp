// C++ built with -O2 for --group-by=class: what the compiler adds to names,
// a thunk (a virtual call through a second base class) and clones of
// functions specialised for a constant argument or split in parts.
#include <cstdio>
#include <cstdlib>

namespace shapes {

struct Named {
    virtual ~Named() {}
    virtual const char *name() const = 0;
};

struct Sized {
    virtual ~Sized() {}
    virtual long area() const = 0;
};

struct Rect : Named, Sized {
    long w, h;
    Rect(long a, long b) : w(a), h(b) {}
    const char *name() const override { return "rect"; }
    long area() const override;
};

__attribute__((noinline)) long Rect::area() const { return w * h; }

} // namespace shapes

namespace {

__attribute__((noinline)) long scale(long v, long by, const char *why)
{
    if (why == nullptr)
        std::abort();
    return v * by;
}

} // namespace

__attribute__((noipa)) static long total(shapes::Sized *const *s, int n)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += scale(s[i]->area(), 3, "area");
    return t;
}

int main(int argc, char **argv)
{
    shapes::Rect *r[8];
    shapes::Sized *s[8];

    for (int i = 0; i < 3 + argc; i++) {
        r[i] = new shapes::Rect(i + argc, i + 2);
        s[i] = r[i];
    }
    std::printf("%ld %s\n", total(s, 3 + argc), r[0]->name());
    (void)argv;
    for (int i = 0; i < 3 + argc; i++)
        delete s[i];
    return 0;
}
