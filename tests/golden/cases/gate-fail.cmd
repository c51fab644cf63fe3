cgannotate --diff --auto=no --show=Ir --fail-above=2 progs/hot-after.out progs/hot.out
