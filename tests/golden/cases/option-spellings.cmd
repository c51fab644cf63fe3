cd valgrind/callgrind/tests && cgannotate --sort Dr --show Dw,Dr,Ir --auto yes -I ../../cachegrind/tests ../../cachegrind/tests/ann1.cgout
