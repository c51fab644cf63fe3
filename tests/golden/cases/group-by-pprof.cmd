cgannotate --format=pprof --group-by=object progs/multi.out > out.pb.gz
