cgannotate --show=Dw,Ir --sort=Dr:10,Ir --show-percs=no gprof2dot/empty.callgrind
