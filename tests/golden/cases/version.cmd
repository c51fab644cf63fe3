cgannotate --version
