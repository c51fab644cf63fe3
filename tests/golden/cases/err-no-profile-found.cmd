cd valgrind/callgrind/tests && cgannotate
