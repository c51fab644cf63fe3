cgannotate --inclusive=both --auto=no --tree=both dot/small.out
