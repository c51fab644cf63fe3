cgannotate --hide=main --tree=both --auto=no folded/tree.out
