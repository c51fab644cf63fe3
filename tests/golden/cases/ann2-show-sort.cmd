cd valgrind/cachegrind/tests && cgannotate --sort=SomeCount --show=SomeCount,A ann2.cgout
