cd progs && cgannotate --format=dot --node-thres=0 multi.cgout > d && cgannotate --format=json --auto=no  multi.cgout > j && python3 ../tools/dot-vs-json.py d j Ir 0 0.1
