cd progs && gzip -c fib.out > fib-packed && cgannotate --tree=both fib-packed
