cd gprof2dot && cgannotate --tree=calling --threshold=60 bzr.callgrind
