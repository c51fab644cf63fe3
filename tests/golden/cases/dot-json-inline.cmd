cd progs && cgannotate --format=dot  inline.out > d && cgannotate --format=json --auto=no  inline.out > j && python3 ../tools/dot-vs-json.py d j Ir 0.5 0.1
