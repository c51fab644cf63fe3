cgannotate --sort=Ir aprof/v2.aprof
