cd progs && cgannotate --format=dot inline.out
