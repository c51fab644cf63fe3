cgannotate --group-by=namespace --format=json --auto=no groups/small.out
