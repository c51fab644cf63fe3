cd valgrind/cachegrind/tests && cgannotate --threshold=100 ann2.cgout
