cgannotate --format=dot --node-thres=0 --edge-thres=0 dot/hostile.out > d && cgannotate --format=json --auto=no dot/hostile.out > j && python3 tools/dot-vs-json.py d j Ir 0 0
