cd valgrind/callgrind/tests && cgannotate --include=../../cachegrind/tests/ --show=Ir,Dr --sort=Dr --context=1 ../../cachegrind/tests/ann1.cgout
