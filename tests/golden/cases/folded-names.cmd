cgannotate --format=folded folded/names.out
