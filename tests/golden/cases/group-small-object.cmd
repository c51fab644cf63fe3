cgannotate --group-by=object groups/small.out
