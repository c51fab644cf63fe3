cgannotate --show=Nope progs/fib.out
