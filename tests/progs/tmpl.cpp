// The standard library's templates: long names (std::map of std::string to
// std::vector of std::pair), and at -O2 the code of its headers
// (stl_algo.h, stl_tree.h, basic_string.h, ...) inlined into main.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

struct Item {
    std::string name;
    int weight;
};

static std::vector<Item> make_items(int n)
{
    std::vector<Item> items;
    unsigned x = 12345;

    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        items.push_back(Item{"item-" + std::to_string(x % 97), (int)(x >> 16) % 1000});
    }
    return items;
}

int main()
{
    std::vector<Item> items = make_items(3000);
    std::map<std::string, std::vector<std::pair<int, std::string> > > groups;
    long sum = 0;

    std::sort(items.begin(), items.end(),
              [](const Item &a, const Item &b) { return a.weight < b.weight; });
    for (const Item &it : items)
        groups[it.name].emplace_back(it.weight, it.name);
    for (const auto &g : groups)
        sum += (long)g.second.size() * g.second.front().first;
    std::printf("%ld\n", sum);
    return 0;
}
