cgannotate --group-by=function --tree=both gprof2dot/bool.callgrind
