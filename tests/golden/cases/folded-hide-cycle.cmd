cgannotate --format=folded --hide=odd folded/cycle.out
