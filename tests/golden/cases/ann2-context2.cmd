cd valgrind/cachegrind/tests && cgannotate --context=2 ann2.cgout
