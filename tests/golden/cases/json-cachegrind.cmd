cd progs && cgannotate --format=json --auto=no multi.cgout > j && cgannotate --auto=no --threshold=100 multi.cgout > t && python3 ../tools/json-vs-text.py j t
