// A word counter: std::regex splits a text into words, std::map counts
// them, and the commonest are printed.  The text is made here, so that
// the run needs no input file and does the same work every time.
// Profiled by tests/agree.sh (built -O1: code of the library's headers
// inlined into the program's functions).
#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace {

std::string make_text(int paragraphs)
{
    static const char *const words[] = {
        "the", "profile", "records", "what", "each", "function", "costs", "itself",
        "and", "what", "every", "call", "cost", "in", "all", "inclusive", "self",
        "estimate", "bound", "cycle", "stack", "frame", "flame", "graph", "table",
    };
    const unsigned n = sizeof words / sizeof *words;
    std::string text;
    unsigned x = 12345;
    for (int p = 0; p < paragraphs; p++) {
        for (int w = 0; w < 40; w++) {
            x = x * 1103515245u + 12345u;
            text += words[(x >> 16) % n];
            if ((x >> 8) % 7 == 0)
                text += std::to_string((x >> 4) % 100);
            text += (x >> 12) % 9 == 0 ? ", " : " ";
        }
        text += ".\n";
    }
    return text;
}

std::map<std::string, int> count_words(const std::string &text)
{
    static const std::regex word("[A-Za-z]+[0-9]*");
    std::map<std::string, int> counts;
    for (std::sregex_iterator it(text.begin(), text.end(), word), end; it != end; ++it)
        counts[it->str()]++;
    return counts;
}

}  // namespace

int main()
{
    std::map<std::string, int> counts = count_words(make_text(60));
    std::vector<std::pair<int, std::string>> top;
    for (const auto &c : counts)
        top.emplace_back(-c.second, c.first);
    std::sort(top.begin(), top.end());
    for (size_t i = 0; i < top.size() && i < 5; i++)
        std::printf("%d %s\n", -top[i].first, top[i].second.c_str());
    return 0;
}
