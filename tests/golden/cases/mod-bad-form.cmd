cgannotate --mod-filename="x/a/b/" progs/hot.out
