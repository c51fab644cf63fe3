cgannotate --tree=both writers/unnamed-ob.out
