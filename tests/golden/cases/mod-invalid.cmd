cgannotate --mod-funcname="s/(/x/" progs/hot.out
