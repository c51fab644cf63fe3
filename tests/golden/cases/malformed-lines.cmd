cgannotate --auto=no bad/malformed.out
