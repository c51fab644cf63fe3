cd progs && cgannotate --format=dot --part=2 fib-bb.out > d && cgannotate --format=json --auto=no --part=2 fib-bb.out > j && python3 ../tools/dot-vs-json.py d j Ir 0.5 0.1
