cgannotate gprof2dot/empty.callgrind
