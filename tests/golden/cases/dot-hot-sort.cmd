cd progs && cgannotate --format=dot --sort=D1mr,Ir hot.out
