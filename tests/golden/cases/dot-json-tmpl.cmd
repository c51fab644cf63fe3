cd progs && cgannotate --format=dot --node-thres=0.1 --edge-thres=0 tmpl.out > d && cgannotate --format=json --auto=no tmpl.out > j && python3 ../tools/dot-vs-json.py d j Ir 0.1 0
