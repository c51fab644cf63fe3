cgannotate --format=xml progs/hot.out
