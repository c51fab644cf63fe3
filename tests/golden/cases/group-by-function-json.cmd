cgannotate --group-by=function --format=json --auto=no gprof2dot/bool.callgrind | grep -c "\"group" || true
