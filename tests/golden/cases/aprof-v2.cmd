cgannotate --threshold=100 aprof/v2.aprof && cgannotate --mangled --threshold=100 aprof/v2.aprof && cgannotate --format=json aprof/v2.aprof
