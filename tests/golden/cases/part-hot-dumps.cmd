cd progs && cgannotate --part=3,1 hot-dumps.out
