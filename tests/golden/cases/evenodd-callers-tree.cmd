cd progs && cgannotate --tree=both --threshold=95 evenodd-callers.out
