cgannotate aprof/v3.aprof && cgannotate --routine=f aprof/v3.aprof && cgannotate --format=json aprof/v3.aprof
