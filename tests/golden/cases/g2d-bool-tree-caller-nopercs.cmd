cgannotate --tree=caller --show-percs=no --threshold=90 gprof2dot/bool.callgrind
