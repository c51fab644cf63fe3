cgannotate --compare --sort=Ir/call progs/multi.out progs/multi.out
