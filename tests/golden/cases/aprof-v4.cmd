cgannotate aprof/v4.aprof && cgannotate --routine=3 aprof/v4.aprof && cgannotate --mangled --format=json aprof/v4.aprof
