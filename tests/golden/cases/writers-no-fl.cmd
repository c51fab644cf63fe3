cgannotate writers/no-fl.out
