cgannotate --include=progs progs/multi.out multi_sum.c
