// Recursion in C++: a recursive-descent parser (expr -> term -> factor ->
// expr, mutual recursion through three functions) evaluates expressions
// built by a recursive generator, and a tree of them is summed by a
// recursive member function template.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Parser {
    const std::string &s;
    size_t i = 0;

    explicit Parser(const std::string &text) : s(text) {}

    long expr();
    long term();
    long factor();
};

long Parser::factor()
{
    if (s[i] == '(') {
        i++;
        long v = expr();
        i++;   // ')'
        return v;
    }
    long v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9')
        v = v * 10 + (s[i++] - '0');
    return v;
}

long Parser::term()
{
    long v = factor();
    while (i < s.size() && s[i] == '*') {
        i++;
        v = v * factor() % 1000003;
    }
    return v;
}

long Parser::expr()
{
    long v = term();
    while (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        char op = s[i++];
        long w = term();
        v = op == '+' ? v + w : v - w;
    }
    return v;
}

std::string make(unsigned depth, unsigned seed)
{
    if (depth == 0)
        return std::to_string(seed % 97 + 1);
    std::string a = make(depth - 1, seed * 31 + 7), b = make(depth - 1, seed * 17 + 3);
    switch (seed % 3) {
    case 0: return "(" + a + "+" + b + ")";
    case 1: return a + "*" + b;
    default: return "(" + a + "-" + b + ")";
    }
}

struct Node {
    long value;
    std::vector<std::unique_ptr<Node>> kids;

    template <typename F> long fold(F f) const
    {
        long acc = f(value);
        for (const auto &k : kids)
            acc += k->fold(f);
        return acc;
    }
};

std::unique_ptr<Node> build(unsigned depth, unsigned seed)
{
    auto n = std::make_unique<Node>();
    std::string text = make(depth % 6 + 2, seed);
    Parser p(text);
    n->value = p.expr();
    if (depth > 0)
        for (unsigned k = 0; k < 3; k++)
            n->kids.push_back(build(depth - 1, seed * 7 + k));
    return n;
}

}  // namespace

int main()
{
    auto tree = build(6, 1);
    long sum = tree->fold([](long v) { return v % 1009; });
    std::printf("%ld\n", sum);
    return 0;
}
