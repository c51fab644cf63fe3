cgannotate --inclusive=yes --tree=caller writers/unnamed-ob.out
