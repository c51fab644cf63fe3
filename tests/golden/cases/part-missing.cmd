cgannotate --part=9 progs/hot-dumps.out
