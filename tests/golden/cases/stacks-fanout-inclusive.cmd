python3 tools/fanout.py | cgannotate --inclusive=yes --auto=no --threshold=99.99 -
