cd progs && { head -n 40 fib.out | gzip -c; tail -n +41 fib.out | gzip -c; } > fib-two && cgannotate --tree=both fib-two
