cgannotate --compare --compare-base=2 --inclusive=yes --format=markdown diff/rec-old.out diff/rec-new.out
