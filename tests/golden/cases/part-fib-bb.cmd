cd progs && cgannotate --part=2 --auto=no fib-bb.out
