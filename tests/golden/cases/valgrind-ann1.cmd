cd valgrind/callgrind/tests && cgannotate --show=Ir,I1mr,ILmr --show-percs=no --include=../../cachegrind/tests ../../cachegrind/tests/ann1.cgout
