cd json && cgannotate --format=json --inclusive=yes small.out
