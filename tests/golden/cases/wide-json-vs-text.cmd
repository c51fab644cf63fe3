cd wide && cgannotate --format=json --auto=no --inclusive=yes wide.out > j && cgannotate --auto=no --inclusive=yes --threshold=100 wide.out > t && python3 ../tools/json-vs-text.py j t inclusive
