cgannotate --tree=both --inclusive=yes gprof2dot/empty.callgrind
