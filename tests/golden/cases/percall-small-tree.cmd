cgannotate --per-call=yes --tree=caller --auto=no --show=Ir groups/small.out
