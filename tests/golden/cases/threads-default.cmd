cd progs && cgannotate threads.out
