cgannotate --format=dot --edge-thres=101 dot/small.out
