cgannotate --format=folded stacks/interp.out
