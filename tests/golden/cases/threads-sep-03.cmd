cd progs && cgannotate --threshold=100 threads-sep.out-03
