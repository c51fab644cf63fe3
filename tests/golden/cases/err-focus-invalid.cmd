cgannotate --focus='(' folded/tree.out
