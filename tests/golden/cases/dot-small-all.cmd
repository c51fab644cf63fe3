cgannotate --format=dot --node-thres=0 --edge-thres=0 dot/small.out
