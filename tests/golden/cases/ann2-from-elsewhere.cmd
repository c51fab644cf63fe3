cd valgrind && cgannotate --include=cachegrind/tests cachegrind/tests/ann2.cgout
