cgannotate --inclusive=yes --tree=caller folded/cycle.out
