cgannotate --routine=nosuch aprof/v2.aprof
