cgannotate --format=dot dot/hostile.out
