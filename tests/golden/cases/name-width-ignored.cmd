cd progs && for f in json dot; do cgannotate --format=$f --name-width=10 tmpl.out > a && cgannotate --format=$f tmpl.out > b && cmp a b && echo "$f: the same"; done
