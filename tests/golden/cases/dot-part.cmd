cd progs && cgannotate --format=dot --part=2 fib-bb.out
