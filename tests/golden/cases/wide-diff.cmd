cd wide && cgannotate --diff wide.out small.out
