cgannotate --diff --auto=no --show=Ir --fail-above=2 progs/hot.out progs/hot-after.out
