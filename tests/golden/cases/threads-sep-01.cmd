cd progs && cgannotate threads-sep.out-01
