cd progs && cgannotate --sort=Ir:50,Bc:90 hot.out
