cd progs && cgannotate --threshold=100 shapes-nocomp.out
