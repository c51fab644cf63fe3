cgannotate --threshold=100 aprof/bad-number.aprof
