cd valgrind/cachegrind/tests && cgannotate --auto=no ann2.cgout a.c
