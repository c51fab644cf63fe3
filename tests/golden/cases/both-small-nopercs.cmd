cgannotate --inclusive=both --auto=no --show=Dr --show-percs=no --threshold=100 dot/small.out
