cgannotate --format=dot --sort=Dr dot/small.out
