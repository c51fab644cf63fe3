cgannotate -I --tree=both -I=progs/fib.out --auto=no progs/fib.out
