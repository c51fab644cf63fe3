// C++ built with -O0 for --group-by=class and --group-by=namespace: classes
// in a namespace, a class template, nested and local classes, operators
// (member and free, a conversion, a call operator), lambdas in free and
// member functions, an anonymous namespace, a function pointer parameter,
// static members, and the standard library's templates (std::map,
// std::vector, std::string, std::sort, std::function, operator>> of
// streams).
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace corpus {

struct Point {
    int x, y;
    Point(int a, int b) : x(a), y(b) {}
    Point operator+(const Point &o) const { return Point(x + o.x, y + o.y); }
    Point &operator+=(const Point &o) { x += o.x; y += o.y; return *this; }
    bool operator<(const Point &o) const { return x != o.x ? x < o.x : y < o.y; }
    int norm() const { return x * x + y * y; }
};

bool operator==(const Point &a, const Point &b) { return a.x == b.x && a.y == b.y; }

template <typename T>
class Stack {
public:
    void push(const T &v) { items.push_back(v); }
    T pop() { T v = items.back(); items.pop_back(); return v; }
    bool empty() const { return items.empty(); }
    std::size_t size() const { return items.size(); }
    T &operator[](std::size_t i) { return items[i]; }
private:
    std::vector<T> items;
};

class Tokenizer {
public:
    explicit Tokenizer(const std::string &s) : text(s), pos(0) {}
    bool next(std::string &out);
    static bool is_space(char c) { return c == ' ' || c == '\n'; }
    struct Stats {
        int words = 0;
        void count(const std::string &w) { words += (int)w.size() > 0; }
    };
    Stats stats;
private:
    std::string text;
    std::size_t pos;
};

bool Tokenizer::next(std::string &out)
{
    while (pos < text.size() && is_space(text[pos]))
        pos++;
    if (pos >= text.size())
        return false;
    std::size_t start = pos;
    while (pos < text.size() && !is_space(text[pos]))
        pos++;
    out = text.substr(start, pos - start);
    stats.count(out);
    return true;
}

class Counter {
public:
    void add(const std::string &w) { ++counts[w]; }
    int total() const
    {
        int n = 0;
        std::for_each(counts.begin(), counts.end(),
                      [&n](const std::pair<const std::string, int> &e) { n += e.second; });
        return n;
    }
    operator bool() const { return !counts.empty(); }
    int operator()(const std::string &w) const
    {
        auto it = counts.find(w);
        return it == counts.end() ? 0 : it->second;
    }
private:
    std::map<std::string, int> counts;
};

int apply(int (*f)(int), int v) { return f(v); }
int twice(int v) { return 2 * v; }

template <typename F>
int fold(const std::vector<int> &v, F f)
{
    int acc = 0;
    for (int x : v)
        acc = f(acc, x);
    return acc;
}

namespace detail {
int mix(int a, int b) { return a * 31 + b; }
}

} // namespace corpus

namespace {

int local_weight(const corpus::Point &p) { return p.norm() % 7; }

struct Walker {
    int steps = 0;
    void walk(corpus::Stack<corpus::Point> &s)
    {
        while (!s.empty()) {
            corpus::Point p = s.pop();
            steps += local_weight(p);
        }
    }
};

} // namespace

static int square(int v) { return v * v; }

int main()
{
    corpus::Tokenizer tok("the quick brown fox jumps over the lazy dog the end");
    corpus::Counter counter;
    std::string w;

    while (tok.next(w))
        counter.add(w);

    corpus::Stack<corpus::Point> stack;
    corpus::Point sum(0, 0);
    for (int i = 0; i < 50; i++) {
        corpus::Point p(i % 7, i % 5);
        stack.push(p);
        sum += p + corpus::Point(1, 1);
    }
    std::vector<corpus::Point> pts;
    for (std::size_t i = 0; i < stack.size(); i++)
        pts.push_back(stack[i]);
    std::sort(pts.begin(), pts.end());
    std::sort(pts.begin(), pts.end(),
              [](const corpus::Point &a, const corpus::Point &b) { return a.norm() < b.norm(); });
    Walker walker;
    walker.walk(stack);

    std::vector<int> nums;
    for (int i = 0; i < 40; i++)
        nums.push_back(corpus::apply(corpus::twice, i) + square(i));
    int folded = corpus::fold(nums, [](int a, int b) { return corpus::detail::mix(a, b); });
    std::function<int(int)> f = [&folded](int v) { return v + folded; };
    std::istringstream in("7 words");
    int seven = 0;
    std::string word;
    in >> seven >> word;

    std::printf("%d %d %d %d %d %d\n", counter.total(), counter("the"), (bool)counter ? 1 : 0,
                walker.steps, f(seven), (int)(pts[0] == sum) + tok.stats.words + (int)word.size());
    return 0;
}
