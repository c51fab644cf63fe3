head -c 40000 progs/fib.out > t && cgannotate --diff --inclusive=yes --auto=no t progs/fib.out > /dev/null
