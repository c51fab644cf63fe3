cd progs && cgannotate --tree=both threads-sep.out-02
