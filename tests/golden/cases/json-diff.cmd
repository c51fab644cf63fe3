cd progs && cgannotate --format=json --auto=no --diff hot.out hot-after.out > j && cgannotate --auto=no --diff --threshold=100 hot.out hot-after.out > t && python3 ../tools/json-vs-text.py j t
