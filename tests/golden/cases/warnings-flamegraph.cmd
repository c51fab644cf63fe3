head -c 20000 progs/hot.out > t && cgannotate --format=flamegraph t 2>/dev/null | sed -n -e '/^<svg /s/.* data-top="\([0-9]*\)".*/top \1/p' -e '/id="cga-warning"/,/<\/text>/p'
