cgannotate --inclusive=yes gprof2dot/issue35.callgrind
