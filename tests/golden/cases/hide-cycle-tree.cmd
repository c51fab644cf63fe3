cgannotate --hide=odd --inclusive=yes --tree=both --auto=no folded/cycle.out
