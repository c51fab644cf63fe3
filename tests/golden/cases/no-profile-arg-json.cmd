cd noarg && cgannotate --format=json --auto=no | python3 -c "import json,sys; d=json.load(sys.stdin); print(d[\"file\"], d[\"totals\"], len(d[\"functions\"]))"
