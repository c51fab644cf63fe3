cd progs && cgannotate --auto=no inline-pos.out ./vec.h ./inline_walk.c
