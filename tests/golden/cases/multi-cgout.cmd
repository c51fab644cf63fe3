cd progs && cgannotate --context=0 multi.cgout
