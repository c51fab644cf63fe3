cd progs && cgannotate --diff hot.out hot-after.out
