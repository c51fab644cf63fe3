cgannotate --format=dot --node-thres=20% --edge-thres 35 dot/small.out
