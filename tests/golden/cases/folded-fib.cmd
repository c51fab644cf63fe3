cgannotate --format=folded --focus='^fib' progs/fib.out
