cgannotate writers/unnamed-ob.out
