cgannotate --inclusive=yes --tree=both --auto=no stacks/interp.out
