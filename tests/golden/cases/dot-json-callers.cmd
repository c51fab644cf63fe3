cd progs && cgannotate --format=dot --node-thres=2 evenodd-callers.out > d && cgannotate --format=json --auto=no  evenodd-callers.out > j && python3 ../tools/dot-vs-json.py d j Ir 2 0.1
