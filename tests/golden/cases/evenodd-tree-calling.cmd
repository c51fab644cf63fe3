cd progs && cgannotate --tree=calling evenodd.out
