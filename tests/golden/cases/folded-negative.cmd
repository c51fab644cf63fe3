cgannotate --format=folded writers/negative-total.out
