cgannotate -i --group-by=class progs/multi.out
