cgannotate --context=x progs/fib.out
