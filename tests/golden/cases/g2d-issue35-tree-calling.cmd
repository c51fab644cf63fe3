cgannotate --tree=calling gprof2dot/issue35.callgrind
