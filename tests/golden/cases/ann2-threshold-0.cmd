cd valgrind/cachegrind/tests && cgannotate --threshold=0 ann2.cgout
