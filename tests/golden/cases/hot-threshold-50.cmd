cd progs && cgannotate --threshold=50% --show-percs=no hot.out
