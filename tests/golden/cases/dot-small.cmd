cgannotate --format=dot dot/small.out
