cgannotate --threshold=100 aprof/bad-too-few.aprof
