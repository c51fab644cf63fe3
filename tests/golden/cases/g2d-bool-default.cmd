cgannotate gprof2dot/bool.callgrind
