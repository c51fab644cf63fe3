cgannotate --auto=no aprof/desc-first.aprof
