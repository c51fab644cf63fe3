cd progs && cgannotate --tree=both --context=3 inline-pos.out
