head -c 20000 progs/hot.out > t && cgannotate --inclusive=yes --auto=no t
