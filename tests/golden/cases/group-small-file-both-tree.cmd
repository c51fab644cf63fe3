cgannotate --group-by=file --inclusive=both --tree=both groups/small.out
