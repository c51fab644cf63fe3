cd progs && cgannotate --tree=both --show=Bc,Ir --sort=Ir,Bc --context=4 hot.out
