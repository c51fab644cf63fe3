cd progs && gzip -c fib.out | cgannotate --tree=both -
