head -n 4000 progs/hot.cgout > t && cgannotate --auto=no t
