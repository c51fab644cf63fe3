cd progs && cgannotate --format=dot --node-thres=30 evenodd.out
