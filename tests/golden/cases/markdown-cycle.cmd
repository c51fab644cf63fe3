cgannotate --format=markdown --inclusive=yes --threshold=100 stacks/interp.out
