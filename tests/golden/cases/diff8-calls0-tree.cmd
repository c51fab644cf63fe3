cd diff && cgannotate --tree=both calls0.out
