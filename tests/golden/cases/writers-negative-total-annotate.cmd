cgannotate writers/negative-total.out
