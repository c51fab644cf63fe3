cgannotate --format=markdown --inclusive=both tables/names.out
