cgannotate --format=folded --diff folded/tree.out folded/tree.out
