cd progs && cat fib.out | cgannotate --tree=both -
