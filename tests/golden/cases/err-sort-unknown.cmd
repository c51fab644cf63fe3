cgannotate --sort=Ir,Nope progs/fib.out
