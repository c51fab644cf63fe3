cd progs && cgannotate --format=dot --merge threads-sep.out-01 threads-sep.out-02 threads-sep.out-03
