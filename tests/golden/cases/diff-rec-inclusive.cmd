cgannotate --diff --inclusive=yes --auto=no diff/rec-old.out diff/rec-new.out
