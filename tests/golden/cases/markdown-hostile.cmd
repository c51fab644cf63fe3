cgannotate --format=markdown --inclusive=both --threshold=100 web/hostile.out
