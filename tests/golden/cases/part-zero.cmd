cgannotate --part=0 progs/hot-dumps.out
