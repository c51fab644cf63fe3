cd valgrind/cachegrind/tests && cgannotate ann2.cgout
