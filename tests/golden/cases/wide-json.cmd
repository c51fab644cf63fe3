cd wide && cgannotate --format=json wide.out
