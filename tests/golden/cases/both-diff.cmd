cgannotate --inclusive=both --auto=no --show=Ir --diff progs/hot.out progs/hot-after.out
