cgannotate --format=dot --node-thres=0 --edge-thres=0 gprof2dot/bool.callgrind > d && cgannotate --format=json --auto=no gprof2dot/bool.callgrind > j && python3 tools/dot-vs-json.py d j Ir 0 0
