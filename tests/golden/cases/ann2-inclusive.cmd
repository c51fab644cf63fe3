cd valgrind/cachegrind/tests && cgannotate --inclusive=yes ann2.cgout
