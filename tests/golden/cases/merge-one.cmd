cd progs && cgannotate --merge --auto=no threads.out
