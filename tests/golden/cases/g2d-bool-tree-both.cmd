cgannotate --tree=both gprof2dot/bool.callgrind
