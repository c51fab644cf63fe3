cd progs && cgannotate --diff --auto=no hot.out hot.out
