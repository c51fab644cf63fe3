cd progs && cgannotate --show=Ir,Dr,D1mr --sort=D1mr hot.out
