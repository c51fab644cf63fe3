cgannotate --group-by=library groups/small.out
