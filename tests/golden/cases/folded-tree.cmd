cgannotate --format=folded folded/tree.out
