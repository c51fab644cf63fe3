cgannotate --format=folded --hide=parse folded/tree.out
