cgannotate --format=folded folded/cycle.out
