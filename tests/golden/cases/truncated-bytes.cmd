head -c 40000 progs/fib.out > t && cgannotate --auto=no t
