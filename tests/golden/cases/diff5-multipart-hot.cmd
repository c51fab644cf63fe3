cd progs && cgannotate --threshold=100 --auto=no hot-dumps.out
