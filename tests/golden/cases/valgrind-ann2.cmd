cd valgrind/callgrind/tests && cgannotate --sort=Dr --show=Dw,Dr,Ir --auto=yes --include=../../cachegrind/tests ../../cachegrind/tests/ann1.cgout
