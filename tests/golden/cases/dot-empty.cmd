cgannotate --format=dot gprof2dot/empty.callgrind
