cd progs && cgannotate --format=dot --node-thres=0 --edge-thres=0 shapes.out > d && cgannotate --format=json --auto=no shapes.out > j && python3 ../tools/dot-vs-json.py d j Ir 0 0
