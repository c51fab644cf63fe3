cd progs && cgannotate --format=dot --tree=both --inclusive=no --threshold=10 --show-percs=no --context=1 --auto=yes --asm=yes fib.out fib.c
