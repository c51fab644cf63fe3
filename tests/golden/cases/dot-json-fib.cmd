cd progs && cgannotate --format=dot fib.out > d && cgannotate --format=json --auto=no fib.out > j && cgannotate --format=folded fib.out > f && python3 ../tools/dot-vs-json.py d j Ir 0.5 0.1 f
