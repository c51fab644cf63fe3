cgannotate --threshold=100 aprof/bad-unknown-routine.aprof
