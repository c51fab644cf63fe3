cd progs && cgannotate --format=dot --focus="^fib'2$" fib.out
