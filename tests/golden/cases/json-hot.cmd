cd progs && cgannotate --format=json --auto=no hot.out > j && cgannotate --auto=no hot.out > t && python3 ../tools/json-vs-text.py j t
