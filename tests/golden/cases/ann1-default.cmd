cd valgrind/cachegrind/tests && cgannotate ann1.cgout
