cgannotate --focus=check --inclusive=yes --tree=both --auto=no folded/cycle.out
