cd progs && cgannotate --inclusive=yes --sort=Dw hot.out
