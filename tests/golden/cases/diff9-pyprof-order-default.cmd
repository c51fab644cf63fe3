cd gprof2dot && cgannotate bzr.callgrind
