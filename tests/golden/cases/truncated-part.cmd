head -n 7450 progs/hot-dumps.out > t && cgannotate --part=1 --auto=no t
