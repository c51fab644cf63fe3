cgannotate --format=dot aprof/v2.aprof
