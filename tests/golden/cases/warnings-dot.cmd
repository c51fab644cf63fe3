head -c 20000 progs/hot.out > t && cgannotate --format=dot t
