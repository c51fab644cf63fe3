cd valgrind/callgrind/tests && cgannotate -I=../../cachegrind/tests ../../cachegrind/tests/ann1.cgout a.c
