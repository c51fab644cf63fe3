cgannotate --format=dot writers/negative-total.out
