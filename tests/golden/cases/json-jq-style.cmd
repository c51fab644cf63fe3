cd progs && cgannotate --format=json --auto=no hot.out | python3 -c "import json,sys; print(json.load(sys.stdin)[\"functions\"][0][\"function\"])"
