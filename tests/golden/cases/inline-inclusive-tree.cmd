cd progs && cgannotate --inclusive=yes --tree=both --threshold=100 --auto=no inline.out
