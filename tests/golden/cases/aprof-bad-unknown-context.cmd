cgannotate --threshold=100 aprof/bad-unknown-context.aprof
