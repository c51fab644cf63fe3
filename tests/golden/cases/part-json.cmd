cd progs && cgannotate --part=2 --auto=no --format=json hot-dumps.out | python3 -c "import json,sys; d=json.load(sys.stdin); print(d[\"parts\"], d[\"totals\"])"
