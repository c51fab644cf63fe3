cgannotate --inclusive=both --auto=no stacks/interp.out
