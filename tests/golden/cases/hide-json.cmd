cgannotate --format=json --hide=parse folded/tree.out
