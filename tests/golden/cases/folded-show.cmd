cgannotate --format=folded --show=Dr,Ir dot/small.out
