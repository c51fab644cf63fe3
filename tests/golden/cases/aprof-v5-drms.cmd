cgannotate aprof/v5-drms.aprof && cgannotate --format=json aprof/v5-drms.aprof
