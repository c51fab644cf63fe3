cd progs && cgannotate --tree=both --context=1 shapes.out
