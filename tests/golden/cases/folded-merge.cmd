cgannotate --format=folded --merge folded/tree.out folded/tree.out
