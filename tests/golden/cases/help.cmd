cgannotate --help
