cgannotate --tree=both --auto=no writers/negative-total.out
