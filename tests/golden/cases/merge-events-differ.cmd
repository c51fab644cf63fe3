cgannotate --merge progs/hot.out progs/fib.out
