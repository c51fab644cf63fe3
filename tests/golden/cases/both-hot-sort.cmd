cgannotate --inclusive=both --auto=no --show=Ir,D1mr --sort=D1mr progs/hot.out
