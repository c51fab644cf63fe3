cd valgrind/callgrind/tests && cgannotate --show=Ir ../../cachegrind/tests/ann1.cgout
