cd progs && cgannotate --format=dot fib.out > d && cgannotate --format=json --auto=no fib.out > j && python3 ../tools/dot-vs-json.py d j Ir 0.5 0.1
