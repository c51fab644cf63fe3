head -c 20000 progs/hot.out > t && cgannotate --diff --format=flamegraph t progs/hot-after.out 2>/dev/null | sed -n '/id="cga-warning"/,/<\/text>/p'
