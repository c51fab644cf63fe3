cd progs && cgannotate --sort=Bcm:100,Ir --show=Bcm,Bc,Ir hot.cgout
