cd progs && cgannotate multi.out
