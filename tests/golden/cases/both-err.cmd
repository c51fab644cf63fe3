cgannotate --inclusive=all dot/small.out
