cgannotate --format=dot --hide=helper --node-thres=0 --edge-thres=0 dot/small.out
