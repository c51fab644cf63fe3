cgannotate aprof/v5.aprof && cgannotate --format=json aprof/v5.aprof
