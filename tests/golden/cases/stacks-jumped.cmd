cgannotate --format=folded stacks/jumped.out
