cgannotate --format=folded aprof/v1.aprof
