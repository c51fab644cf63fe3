cd progs && cgannotate --format=dot tmpl.out
