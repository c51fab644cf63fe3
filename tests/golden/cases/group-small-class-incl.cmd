cgannotate --group-by=class --inclusive=yes groups/small.out
