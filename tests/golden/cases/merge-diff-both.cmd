cgannotate --merge --diff progs/hot.out progs/fib.out
