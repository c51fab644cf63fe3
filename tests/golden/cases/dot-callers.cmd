cd progs && cgannotate --format=dot --node-thres=2 evenodd-callers.out
