cd progs && cgannotate --merge --auto=no threads-sep.out-01 threads-sep.out-02 threads-sep.out-03
