cgannotate --frobnicate progs/fib.out
