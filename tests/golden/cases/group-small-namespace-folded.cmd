cgannotate --group-by=namespace --format=folded groups/small.out
