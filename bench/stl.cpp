#include <iostream>
#include <map>
#include <regex>
#include <string>

int main()
{
	std::map<std::string, int> counts;
	std::regex word("[A-Za-z]+");
	std::string line;

	while (std::getline(std::cin, line))
		for (std::sregex_iterator it(line.begin(), line.end(), word), end; it != end; ++it)
			counts[it->str()]++;
	for (const auto &kv : counts)
		std::cout << kv.first << ' ' << kv.second << '\n';
	return 0;
}
