cgannotate --format=csv tables/names.out
