cgannotate aprof/v1.aprof && cgannotate --format=json aprof/v1.aprof
