cd progs && cgannotate inline.out
