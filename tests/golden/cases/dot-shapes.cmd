cd progs && cgannotate --format=dot shapes.out
