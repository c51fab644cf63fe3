cgannotate --threshold=100 --auto=no gprof2dot/bool.callgrind
