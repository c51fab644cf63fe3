cgannotate --format=json --auto=no stacks/interp.out
