cgannotate --format=csv web/hostile.out
