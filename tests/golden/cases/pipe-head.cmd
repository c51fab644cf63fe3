awk 'BEGIN { print "events: Ir"; for (i = 1; i <= 20000; i++) { print "fn=f" i; print "1 " i } }' > many.out && { cgannotate --threshold=100 many.out; echo "rc=$?" >&2; } | head -n 3
