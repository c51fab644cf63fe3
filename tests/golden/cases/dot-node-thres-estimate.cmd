cgannotate --format=dot --node-thres=60 stacks/interp.out
