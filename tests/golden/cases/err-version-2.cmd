cgannotate bad/version2.out
