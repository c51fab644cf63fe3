sed 's/^totals: 267094$/totals: 267095/' progs/fib.out > t && cgannotate --auto=no t
