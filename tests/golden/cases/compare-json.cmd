cgannotate --compare --format=json diff/rec-old.out diff/rec-new.out
