cd progs && cgannotate --threshold=80 multi.out ./multi_sum.c ./multi_main.c
