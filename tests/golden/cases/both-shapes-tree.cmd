cgannotate --inclusive=both --tree=caller progs/shapes.out
