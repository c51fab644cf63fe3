cgannotate -I progs -I=wide/ progs/fib.out nonexist.c; echo "rc=$?" >&2; cgannotate progs/fib.out nonexist.c
