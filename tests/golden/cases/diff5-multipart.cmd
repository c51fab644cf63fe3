cd progs && cgannotate fib-bb.out
