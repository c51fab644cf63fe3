cgannotate --format=dot --node-thres=half dot/small.out
