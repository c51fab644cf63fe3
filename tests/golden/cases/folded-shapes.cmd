cgannotate --format=folded folded/shapes.out
