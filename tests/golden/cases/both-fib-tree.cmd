cd progs && cgannotate --inclusive=both --tree=calling --auto=no --threshold=90 fib.out
