cd progs && cgannotate --tree=none --inclusive=no --threshold=50% fib.out fib.c
