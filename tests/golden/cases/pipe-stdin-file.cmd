cd progs && cgannotate --tree=both - < fib.out
