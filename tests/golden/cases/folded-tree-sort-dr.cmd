cgannotate --format=folded --sort=Dr folded/tree.out
