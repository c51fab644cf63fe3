cgannotate --diff progs/hot.out
