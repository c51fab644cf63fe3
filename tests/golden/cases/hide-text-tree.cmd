cgannotate --hide=parse --tree=both --auto=no folded/tree.out
