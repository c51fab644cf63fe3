cd progs && cgannotate --format=dot --mod-funcname='s/'"'"'[0-9]+$//' --mod-filename='s#^\./##' fib.out
