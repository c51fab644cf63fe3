cgannotate --format=folded --focus=alloc folded/tree.out
