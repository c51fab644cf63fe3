cgannotate --inclusive=both --auto=no progs/multi.out
