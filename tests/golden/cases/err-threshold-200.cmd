cgannotate --threshold=200 progs/fib.out
