cgannotate progs/fib.out progs/nosuch.c
