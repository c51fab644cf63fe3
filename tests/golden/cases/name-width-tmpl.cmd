cd progs && cgannotate --name-width=60 --tree=both --threshold=50 tmpl.out
