cd sites && cgannotate --format=json --merge many.out many2.out
