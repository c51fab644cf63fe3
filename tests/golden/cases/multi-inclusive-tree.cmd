cd progs && cgannotate --inclusive=yes --tree=calling multi.out
