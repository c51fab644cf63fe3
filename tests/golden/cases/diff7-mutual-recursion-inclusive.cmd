cd progs && cgannotate --inclusive=yes --tree=caller evenodd.out
