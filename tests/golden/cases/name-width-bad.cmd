cgannotate --name-width=0 progs/fib.out
