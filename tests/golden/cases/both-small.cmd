cgannotate --inclusive=both --auto=no dot/small.out
