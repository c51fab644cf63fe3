cgannotate --auto=no --context=0 gprof2dot/issue35.callgrind
