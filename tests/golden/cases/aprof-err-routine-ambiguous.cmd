cgannotate --routine=n aprof/v2.aprof
