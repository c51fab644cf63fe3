cd progs && cgannotate --tree=both --threshold=50 tmpl.out
