cd progs && cgannotate --threshold=90 multi.out multi_fill.c multi.h
