cgannotate --inclusive=yes --tree=both writers/pyprof-cycle.out
