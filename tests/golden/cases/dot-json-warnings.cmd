head -c 20000 progs/hot.out > t && cgannotate --format=dot t > d 2>/dev/null && cgannotate --format=json --auto=no t > j 2>/dev/null && python3 tools/dot-vs-json.py d j Ir 0.5 0.1
