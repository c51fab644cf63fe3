cgannotate --group-by=object --diff --inclusive=both --show=Ir progs/hot.out progs/hot-after.out
