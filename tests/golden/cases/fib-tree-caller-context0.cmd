cd progs && cgannotate --tree=caller --context=0 fib.out
