"$(command -v cgannotate)" --bogus progs/fib.out
