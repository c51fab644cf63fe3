cd progs && cgannotate fib.out
