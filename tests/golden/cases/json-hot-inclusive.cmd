cd progs && cgannotate --format=json --auto=no --inclusive=yes hot.out > j && cgannotate --auto=no --inclusive=yes --threshold=100 hot.out > t && python3 ../tools/json-vs-text.py j t inclusive
