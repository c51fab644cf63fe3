cd valgrind/cachegrind/tests && cgannotate --show-percs=yes ann1b.cgout
