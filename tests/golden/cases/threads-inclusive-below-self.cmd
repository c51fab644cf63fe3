cgannotate --inclusive=yes --auto=no progs/threads.out
