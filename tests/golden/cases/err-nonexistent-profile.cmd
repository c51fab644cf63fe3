cgannotate progs/nonexistent.out
