cd progs && cgannotate --format=dot --sort=D1mr --node-thres=0.2 --edge-thres=0.05 hot.out > d && cgannotate --format=json --auto=no hot.out > j && python3 ../tools/dot-vs-json.py d j D1mr 0.2 0.05
