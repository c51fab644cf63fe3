cgannotate --show=Ir --sort=Ir:80 --context=2 gprof2dot/issue35.callgrind
