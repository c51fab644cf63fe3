cd progs && cgannotate --format=dot --hide='^_dl_|^do_lookup' shapes.out
