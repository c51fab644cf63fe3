cd progs && cgannotate --threshold=0 --auto=no hot.out
