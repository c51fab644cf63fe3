cgannotate --format=dot stacks/interp.out
