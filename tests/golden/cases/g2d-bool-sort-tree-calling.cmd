cgannotate --show=Ir --sort=Ir:95 --tree=calling --context=2 gprof2dot/bool.callgrind
