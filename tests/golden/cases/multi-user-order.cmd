cd progs && cgannotate --auto=no multi.out multi_sum.c multi_main.c
