cgannotate --format=folded --hide=main folded/tree.out
