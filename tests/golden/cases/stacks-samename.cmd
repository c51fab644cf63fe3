cgannotate --format=folded stacks/samename.out
