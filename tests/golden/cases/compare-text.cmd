cgannotate --compare --threshold=100 diff/rec-old.out diff/rec-new.out diff/rec-old.out
