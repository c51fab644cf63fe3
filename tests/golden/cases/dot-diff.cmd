cd progs && cgannotate --format=dot --diff hot.out hot-after.out
