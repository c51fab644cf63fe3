cgannotate --format=csv diff/rec-new.out
