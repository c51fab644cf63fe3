cgannotate bad/empty.out
