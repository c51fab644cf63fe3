cd progs && cgannotate --inclusive=yes --auto=no fib.out
