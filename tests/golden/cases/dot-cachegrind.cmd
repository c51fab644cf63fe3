cd progs && cgannotate --format=dot multi.cgout
