cd progs && cgannotate shapes.out
