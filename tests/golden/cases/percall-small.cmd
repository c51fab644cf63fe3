cgannotate --per-call=yes --inclusive=both --auto=no groups/small.out
