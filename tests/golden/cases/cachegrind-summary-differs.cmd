sed 's/^summary: 359178 /summary: 359179 /' progs/hot.cgout > t && cgannotate --auto=no t
