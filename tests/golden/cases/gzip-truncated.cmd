gzip -c progs/fib.out | head -c 300 | cgannotate -
