cgannotate --format=csv --diff diff/rec-old.out diff/rec-new.out
