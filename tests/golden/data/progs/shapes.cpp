// Templates and a small class hierarchy with virtual calls.  No standard
// library headers with code in them, so that every annotated source is ours.
#include <stdio.h>

class Shape {
public:
    virtual ~Shape() {}
    virtual long area() const = 0;
};

class Rect : public Shape {
public:
    Rect(long w, long h) : w_(w), h_(h) {}
    long area() const { return w_ * h_; }
private:
    long w_, h_;
};

class Square : public Rect {
public:
    explicit Square(long s) : Rect(s, s) {}
};

class Tri : public Shape {
public:
    Tri(long b, long h) : b_(b), h_(h) {}
    long area() const { return b_ * h_ / 2; }
private:
    long b_, h_;
};

template <typename T, int N>
class Array {
public:
    Array() : n_(0) {}
    void push(T v) { if (n_ < N) items_[n_++] = v; }
    int size() const { return n_; }
    T operator[](int i) const { return items_[i]; }
private:
    T items_[N];
    int n_;
};

template <typename T, int N>
T total(const Array<T, N> &a)
{
    T s = T();
    for (int i = 0; i < a.size(); i++)
        s += a[i];
    return s;
}

template <typename T, int K>
struct Scaled {
    static T apply(T x) { return x * K; }
};

int main()
{
    Array<Shape *, 32> shapes;
    Array<long, 32> areas;
    Array<double, 32> halves;

    for (long i = 1; i <= 30; i++) {
        if (i % 3 == 0)
            shapes.push(new Square(i));
        else if (i % 3 == 1)
            shapes.push(new Rect(i, i + 1));
        else
            shapes.push(new Tri(i, 2 * i));
    }
    for (int i = 0; i < shapes.size(); i++) {
        areas.push(Scaled<long, 3>::apply(shapes[i]->area()));
        halves.push(Scaled<double, 1>::apply(shapes[i]->area() / 2.0));
    }
    printf("%ld %.1f\n", total(areas), total(halves));
    for (int i = 0; i < shapes.size(); i++)
        delete shapes[i];
    return 0;
}
