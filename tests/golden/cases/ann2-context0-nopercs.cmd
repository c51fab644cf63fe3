cd valgrind/cachegrind/tests && cgannotate --context=0 --show-percs=no ann2.cgout
