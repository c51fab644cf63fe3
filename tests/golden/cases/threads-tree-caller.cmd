cd progs && cgannotate --tree=caller --inclusive=yes threads.out
