cd valgrind/callgrind/tests && cgannotate --show-percs no --include ../../cachegrind/tests/ --show Ir,I1mr,ILmr -I../../cachegrind/tests ../../cachegrind/tests/ann1.cgout
