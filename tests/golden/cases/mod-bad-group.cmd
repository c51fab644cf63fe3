cgannotate --mod-filename="s/a/\\1/" progs/hot.out
