cgannotate --tree=both --inclusive=yes abs/inline-calls.out
