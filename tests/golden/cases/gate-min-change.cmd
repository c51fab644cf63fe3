cgannotate --diff --auto=no --show=Ir --fail-above=5:main --fail-above=0:'^(fib|nomatch)$' --min-change=100 --fail-above=1:_dl_relocate progs/hot-after.out progs/hot.out
