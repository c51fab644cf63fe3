cd progs && cgannotate --inclusive=yes inline.out
