cgannotate --inclusive=yes --tree=both --threshold=100 gprof2dot/issue35.callgrind
