cd progs && awk '!/^totals:/ || ++n > 1' hot-dumps.out > t && cgannotate --threshold=100 --auto=no t
