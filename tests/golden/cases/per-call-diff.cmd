cgannotate --per-call=yes --diff groups/small.out groups/small.out
