cgannotate --compare --format=csv diff/rec-old.out diff/rec-new.out
