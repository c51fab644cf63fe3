cgannotate --group-by=class --per-call=yes --inclusive=both --show=Ir groups/small.out
