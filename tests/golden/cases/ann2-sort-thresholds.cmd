cd valgrind/cachegrind/tests && cgannotate --sort=A:50,SomeCount:99% ann2.cgout
