cd json && cgannotate --format=json --auto=no --show=Ir small.out
