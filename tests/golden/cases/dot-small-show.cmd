cgannotate --format=dot --show=Dr,Ir --node-thres=0 --edge-thres=0 dot/small.out
