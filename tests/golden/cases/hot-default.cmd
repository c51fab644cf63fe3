cd progs && cgannotate hot.out
