head -n 4000 progs/fib.out > t && cgannotate --auto=no t
