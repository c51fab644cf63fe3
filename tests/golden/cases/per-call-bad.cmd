cgannotate --per-call=maybe groups/small.out
