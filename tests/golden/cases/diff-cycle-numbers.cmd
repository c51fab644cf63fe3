cd diff && cgannotate --diff --inclusive=yes --auto=no --threshold=100 cycles-old.out cycles-new.out
