cgannotate progs/fib.out > /dev/full
