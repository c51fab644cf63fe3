cd progs && cgannotate --hide='^fib' --threshold=55 fib.out
