cgannotate --group-by=object --format=dot groups/small.out
