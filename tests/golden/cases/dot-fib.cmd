cd progs && cgannotate --format=dot fib.out
