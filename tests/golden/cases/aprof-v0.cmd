cgannotate aprof/v0.aprof && cgannotate --routine=alpha aprof/v0.aprof && cgannotate --format=json aprof/v0.aprof
